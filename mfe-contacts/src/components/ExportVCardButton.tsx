import { Button, api, notify, serverErrorOr } from '@kith/web-kit';
import { Download } from 'lucide-react';
import { useState } from 'react';

/** 'Export vCard': every contact, or only the list's when on a list's page. */
export function ExportVCardButton({ listId }: { listId: string | null }) {
  const [busy, setBusy] = useState(false);
  const exportContacts = async () => {
    setBusy(true);
    try {
      const name = await api.download('exportContactsVcf', 'kith-contacts.vcf', { query: { listId } });
      notify.success(`Downloaded ${name}`);
    } catch (error) {
      notify.error(serverErrorOr(error, 'Failed to export contacts'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={exportContacts} loading={busy}>
      <Download className="size-4" aria-hidden="true" />
      Export vCard
    </Button>
  );
}
