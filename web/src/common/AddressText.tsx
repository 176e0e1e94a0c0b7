import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { localAddressParts } from './localAddress';

const Whole = styled('span')({
  display: 'inline-flex',
  alignItems: 'baseline',
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  verticalAlign: 'bottom',
});
// the space after the lead kept (pre), so the text reads and copies as one address
const Lead = styled('span')({ flexShrink: 0, whiteSpace: 'pre' });
const Place = styled('span')({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/**
 * A stored address on one line, in the reader's language: the distance and direction kept whole, the place
 * cut at its own end when room runs out. Each part takes its own direction, so on an Arabic page
 * "12 كم شمال شرق" reads right to left and "Viana, Luanda, AO" left to right, cut after "Vi…", not before
 * "…nda, AO" (one isolate cut as a whole loses the start of its Latin part).
 */
export function AddressText({ address, testId }: { address: string; testId?: string }) {
  const { t } = useTranslation();
  const { lead, place } = localAddressParts(address, t);
  return (
    <Whole data-testid={testId}>
      {lead && (
        <Lead dir="auto" data-testid="address-lead">
          {`${lead} `}
        </Lead>
      )}
      <Place dir="auto" data-testid="address-place" title={place}>
        {place}
      </Place>
    </Whole>
  );
}
