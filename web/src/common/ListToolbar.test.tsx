import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n, { ensureLanguage } from '../app/i18n';
import { ListToolbar } from './ListToolbar';

afterEach(cleanup);
const none = () => undefined;

describe('a list toolbar', () => {
  it("counts the rows in the interface language's number format, as the pager does", async () => {
    render(<ListToolbar title="Central de alertas" count={12345} onExportCsv={none} onExportExcel={none} />);
    expect(screen.getByTestId('list-count').textContent).toBe('Registos: 12\u00a0345');
    await ensureLanguage('en');
    await i18n.changeLanguage('en');
    try {
      render(
        <ListToolbar
          title="Alert centre"
          count={2354}
          idPrefix="en"
          onExportCsv={none}
          onExportExcel={none}
        />,
      );
      expect(screen.getByTestId('en-count').textContent).toBe('Records: 2,354');
    } finally {
      await i18n.changeLanguage('pt');
    }
  });
});
