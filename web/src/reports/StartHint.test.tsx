import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../app/i18n';
import { StartHint } from './StartHint';

afterEach(cleanup);

describe('StartHint', () => {
  it('says what to choose and which button to press, for vehicles or drivers', () => {
    render(<StartHint byDriver={false} />);
    expect(screen.getByTestId('report-start-hint').textContent).toBe(
      'Escolha os veículos e o período e carregue em «Consultar»: o resultado aparece aqui, e pode exportá-lo em PDF, Excel ou CSV.',
    );
    cleanup();
    render(<StartHint byDriver />);
    expect(screen.getByTestId('report-start-hint').textContent).toMatch(/^Escolha os condutores e o período/);
  });
});
