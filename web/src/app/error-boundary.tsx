import { Button, Container, Stack, Typography } from '@mui/material';
import { Component, type ReactNode } from 'react';

/**
 * What a person sees when a screen fails to render, or its code cannot be fetched (a chunk gone
 * after a new version was deployed, the network lost): a French message and a way out, instead
 * of a blank page. Reloading fetches the current version's files.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="alert">
          <Typography variant="h4" component="h1">
            Cette page n'a pas pu s'afficher
          </Typography>
          <Typography>
            Vérifiez votre connexion, puis rechargez la page. Si le problème continue, réessayez un peu plus tard.
          </Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Recharger la page
          </Button>
        </Stack>
      </Container>
    );
  }
}
