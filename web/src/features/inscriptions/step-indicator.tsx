import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { colors } from '../../lib/colors.ts';

const UPCOMING = '#666666'; // white figures on it: 5.7:1

/** The steps as an ordered list: a screen reader hears « liste, 3 éléments » and which one is current. */
const List = styled('ol')({
  display: 'flex',
  listStyle: 'none',
  margin: '0 0 24px',
  padding: 0,
  counterReset: 'etape',
});

const Item = styled('li')({
  flex: 1,
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
  textAlign: 'center',
  color: colors.textSecondary,
  fontSize: '0.875rem',
  // The line from the previous step's figure to this one's.
  '& + &::before': {
    content: '""',
    position: 'absolute',
    top: 12,
    right: 'calc(50% + 20px)',
    left: 'calc(-50% + 20px)',
    borderTop: `1px solid ${colors.border}`,
  },
  '&[data-state="current"]': { color: colors.text, fontWeight: 700 },
  '&[data-state="done"]': { color: colors.text },
});

const Figure = styled('span')({
  width: 24,
  height: 24,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  fontSize: '0.75rem',
  fontWeight: 400,
  color: '#fff',
  backgroundColor: UPCOMING,
  'li:not([data-state="upcoming"]) > &': { backgroundColor: colors.primary },
});

/** Where the person is in a form of several steps (`current` from 0; past the last: all done). */
export function StepIndicator({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  return (
    // `role="list"` said again: Safari drops the list role of a list without bullets (VoiceOver).
    <List role="list" aria-label={label}>
      {steps.map((name, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
        return (
          <Item key={name} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <Figure aria-hidden="true">{i + 1}</Figure>
            <span>
              {name}
              {state === 'done' && (
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (terminée)
                </Box>
              )}
            </span>
          </Item>
        );
      })}
    </List>
  );
}
