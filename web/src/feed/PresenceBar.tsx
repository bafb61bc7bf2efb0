/**
 * Who else has this record or grid open (issue 30): each person's initials in a round badge, the
 * name on hover and for screen readers; nothing while the user is alone.
 *
 * @example <PresenceBar topic={`record:colorway:${id}`} />
 */
import { usePresence } from './use-feed';
import './presence.css';

export function PresenceBar({ topic }: { topic: string }) {
  const people = usePresence(topic);
  if (!people.length) return null;
  const names = people.map((p) => p.Name).join(', ');
  return (
    <ul className="presence" aria-label={`Also open by ${names}`} data-presence={topic}>
      {people.map((p) => (
        <li key={p.UserId} className="presence__person" title={`${p.Name} has this open`}>
          <span aria-hidden="true">{p.Initials}</span>
          <span className="visually-hidden">{p.Name}</span>
        </li>
      ))}
    </ul>
  );
}
