import { describe, expect, it } from 'vitest';
import { initialsOf, parsePresence, presencePayload, PRESENCE_TTL_MS, PresenceTable } from './presence';

const cora = { client: 'tab-cora-1', userId: 3, name: 'Cora Costing', initials: 'CC', topics: ['grid:costing', 'record:colorway:7'] };
const finn = { client: 'tab-finn-1', userId: 4, name: 'Finn Forecast', initials: 'FF', topics: ['record:colorway:7'] };

describe('issue 30: presence', () => {
  it('the people of a topic, once per user, told when they change; a tab that leaves is gone', () => {
    const p = new PresenceTable();
    expect(p.apply(cora, 0)).toEqual(['grid:costing', 'record:colorway:7']);
    expect(p.apply(finn, 0)).toEqual(['record:colorway:7']);
    expect(p.apply({ ...cora, client: 'tab-cora-2' }, 0)).toEqual([]); // a second tab of the same user changes no one's list
    expect(p.people('record:colorway:7').map((x) => x.Initials)).toEqual(['CC', 'FF']);
    expect(p.apply({ ...finn, topics: [] }, 1)).toEqual(['record:colorway:7']);
    expect(p.people('record:colorway:7').map((x) => x.Name)).toEqual(['Cora Costing']);
  });

  it("a tab not heard of for the time to live is dropped; a client id stays its first user's", () => {
    const p = new PresenceTable();
    p.apply(cora, 0);
    p.apply(finn, 10_000);
    expect(p.apply({ ...finn, client: cora.client }, 10_000)).toEqual([]);
    expect(p.topicsOf(cora.client, finn.userId)).toEqual([]);
    expect(p.topicsOf(cora.client, cora.userId)).toEqual(cora.topics);
    expect(p.expire(PRESENCE_TTL_MS + 1).sort()).toEqual(['grid:costing', 'record:colorway:7']);
    expect(p.people('record:colorway:7').map((x) => x.UserId)).toEqual([4]);
  });

  it('initials and the NOTIFY payload read back', () => {
    expect(initialsOf('cora', 'Costing')).toBe('CC');
    expect(initialsOf('', '')).toBe('?');
    expect(parsePresence(presencePayload(cora))).toEqual(cora);
    expect(parsePresence('presence {bad')).toBeNull();
    expect(parsePresence('sessions')).toBeNull();
    expect(presencePayload({ ...cora, topics: Array(10).fill(`record:${'x'.repeat(80)}:1234567890`) }).length).toBeLessThan(8000);
  });
});
