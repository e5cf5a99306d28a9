import { Box, Button, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths.ts';
import { Notice } from './notice.tsx';

/**
 * What a public form shows once sent: a heading that takes the focus (screen readers announce
 * the new page state), the server's message, optional advice, and the way home.
 */
export function Confirmation({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <Typography variant="h4" component="h1" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {title}
      </Typography>
      <Notice severity="success">{message}</Notice>
      {children}
      <Box>
        <Button component={RouterLink} to={paths.home} variant="outlined">
          Retour à l'accueil
        </Button>
      </Box>
    </Stack>
  );
}
