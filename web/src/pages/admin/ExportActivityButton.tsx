/** Downloads the entries matching the filters as CSV, gathered page by page up to a cap the page states. */
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { toastTitles } from '../../../../shared/messages';
import { saveCsv } from '../../api/client';
import { errorText, useSend } from '../../api/hooks';
import { notify } from '../../components/toaster';
import { utcDateInput } from '../../format';
import { ACTIVITY_EXPORT_CAP, activityCsv, allActivity } from './activity-csv';
import type { ActivityFilters } from './activity-query';
import { plural } from './words';

export function ExportActivityButton({ filters }: { filters: ActivityFilters }) {
  const send = useSend();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const exportCsv = async () => {
    setBusy(true);
    setSaid('');
    try {
      const { entries, capped } = await allActivity(send, filters);
      saveCsv(activityCsv(entries), `aurum-activity-${utcDateInput()}.csv`);
      setSaid(
        capped
          ? `Exported the newest ${plural(ACTIVITY_EXPORT_CAP, 'entry', 'entries')} only: narrow the filters to export the rest.`
          : `Exported ${plural(entries.length, 'entry', 'entries')}.`,
      );
    } catch (error) {
      notify('error', toastTitles.error, errorText(error, 'Failed to export the activity'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="3" wrap="wrap" justify="flex-end">
      <Text fontSize="sm" color="fg.muted" role="status">
        {said}
      </Text>
      <Button size="sm" variant="outline" loading={busy} loadingText="Exporting..." onClick={() => void exportCsv()}>
        Export CSV
      </Button>
    </HStack>
  );
}
