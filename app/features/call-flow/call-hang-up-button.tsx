import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';

/**
 * The Hang up of a call card where no wizard runs (the agent dashboard, a Zoho panel): the
 * same button as the wizard's own, so the card reads alike everywhere; the card shows the
 * running time itself (issue #28), the top bar's pill keeps its own.
 */
export function CallHangUpButton({ onHangUp }: { onHangUp: () => void }) {
  return (
    <Button variant="danger" onClick={onHangUp}>
      <Icon name="phone-off" size="sm" />
      Hang up
    </Button>
  );
}
