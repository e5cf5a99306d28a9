import { Box, CircularProgress, Typography } from '@mui/material';

/**
 * A staff page while its record loads: its level-one heading is already there (one h1 in every
 * state, axe), the spinner says what is awaited.
 */
export function PageLoading({ title, label }: { title: string; label: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ my: 2 }}>
        {title}
      </Typography>
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '30vh' }}>
        <CircularProgress aria-label={label} />
      </Box>
    </>
  );
}
