/**
 * Five lookups read the one characteristics table, each fixed to its characteristic key
 * (LOOKUP-015/016; DECISIONS LOOKUP-017 gives planning category 0000002600).
 */
import { key, num, text, type LookupEntry } from './types';

export const CHARACTERISTIC_KEYS: Record<string, string> = {
  ActivityTypes: '0000002525',
  StrategicBusinessUnits: '0000002530',
  ConsumerTerritorys: '0000002586',
  StoryTypes: '0000002587',
  PlanningCategories: '0000002600',
};

export const characteristicEntries = (): LookupEntry[] =>
  Object.entries(CHARACTERISTIC_KEYS).map(([name, characteristicKey]) => ({
    name,
    entity: 'characteristic',
    from: 'characteristics',
    keyField: 'CharacteristicValue',
    descriptionField: 'CharacteristicDesc',
    columns: [key('CharacteristicKey'), key('CharacteristicValue'), text('CharacteristicDesc'), num('CharacteristicId')],
    // A literal from this file, never from a request.
    where: [`characteristickey = '${characteristicKey}'`],
  }));
