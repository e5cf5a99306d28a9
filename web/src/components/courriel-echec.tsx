import { COURRIEL_MESSAGES, formatDateTime } from '@guichet/contract';
import { FlagChip } from './flag-chip.tsx';

type Echec = { date: string; erreur: string | null };
const detail = (e: Echec) => `courriel du ${formatDateTime(e.date)} non remis${e.erreur ? ` (${e.erreur})` : ''}`;

/**
 * « Courriel en échec » on a student request or a partner (issue 18): its last mail of that kind was
 * given up after every attempt. When and why are in the tooltip and in the text a screen reader reads.
 */
export function CourrielEchecChip({ echec }: { echec: Echec | null | undefined }) {
  if (!echec) return null;
  return <FlagChip label={COURRIEL_MESSAGES.enEchec} detail={detail(echec)} tone="error" />;
}
