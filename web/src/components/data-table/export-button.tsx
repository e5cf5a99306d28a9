import type { EndpointDef, EndpointQuery } from '@guichet/contract';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { downloadFile } from '../../lib/download.ts';

const megabytes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * 'Exporter (CSV)': the file follows the table's search, filters and sort. The button says
 * that the export runs, and how much has arrived, until the file is handed to the browser.
 */
export function ExportButton<E extends EndpointDef>(props: {
  endpoint: E;
  query: EndpointQuery<E>;
  onError: (message: string) => void;
}) {
  const [received, setReceived] = useState<number | null>(null);
  const running = received !== null;

  async function run() {
    if (running) return;
    setReceived(0);
    try {
      await downloadFile(props.endpoint, props.query, setReceived);
    } catch (e) {
      props.onError(`L'export n'a pas abouti. ${(e as Error).message}`);
    } finally {
      setReceived(null);
    }
  }

  return (
    <Button
      variant="outlined"
      onClick={run}
      // Not disabled while running, so the keyboard focus stays on it; a second press waits.
      aria-disabled={running || undefined}
      aria-busy={running || undefined}
      startIcon={running ? <CircularProgress size={18} color="inherit" aria-hidden /> : <FileDownloadIcon />}
    >
      {!running
        ? 'Exporter (CSV)'
        : received < 100_000
          ? 'Export en cours…'
          : `Export en cours… ${megabytes.format(received / 1_000_000)} Mo`}
    </Button>
  );
}
