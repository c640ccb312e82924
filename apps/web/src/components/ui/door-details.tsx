import { doorLine, type DoorDto } from '@jara/shared';
import { useT } from '../../i18n';

/**
 * Where the door is, for whoever carries the order: "Block C · Floor 2 · Room 214", the landmark,
 * and the known place the map pin stands on when the typed name differs from it.
 */
export function DoorDetails({
  door,
  address,
  note,
  className = '',
}: {
  door?: DoorDto | null;
  address?: string;
  note?: string;
  className?: string;
}) {
  const t = useT('common');
  const line = doorLine(door);
  const pin = door?.placeName && address && door.placeName !== address ? door.placeName : null;
  if (!line && !door?.landmark && !pin && !note) return null;
  return (
    <div className={`text-sm ${className}`} data-testid="door-details">
      {line && <p className="font-semibold text-stone-900">{line}</p>}
      {door?.landmark && <p className="text-stone-700">{t('common.door.landmark', { landmark: door.landmark })}</p>}
      {pin && <p className="text-stone-600">{t('common.door.pin', { pin })}</p>}
      {note && <p className="text-stone-700">{t('common.door.note', { note })}</p>}
    </div>
  );
}
