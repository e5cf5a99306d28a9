import type { AgentSummary } from '@guichet/contract';
import { Avatar } from '@mui/material';

/** "Élise Durand" → "ÉD": shown when the agent has no photo. */
export const initials = (a: Pick<AgentSummary, 'prenom' | 'nom'>) =>
  `${a.prenom.trim().charAt(0)}${a.nom.trim().charAt(0)}`.toUpperCase();

export const fullName = (a: Pick<AgentSummary, 'prenom' | 'nom'>) => `${a.prenom} ${a.nom}`;

/** The name is always written next to it: the avatar itself is decorative. */
export function AgentAvatar({ agent, size = 40 }: { agent: AgentSummary; size?: number }) {
  return (
    <Avatar
      src={agent.photo ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: 'primary.dark' }}
    >
      {initials(agent)}
    </Avatar>
  );
}
