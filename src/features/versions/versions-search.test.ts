import { describe, expect, it } from 'vitest';
import { filterVersions, modelOptions, versionsSearchSchema } from './versions-search';

const versions = [{ version: '2.2.3' }, { version: '2.1.0' }, { version: '1.10.4-beta' }];

describe('the Versions page helpers', () => {
  it('finds versions containing the search, ignoring case and a leading v; a blank search shows all', () => {
    expect(filterVersions(versions, '2.1').map((v) => v.version)).toEqual(['2.1.0']);
    expect(filterVersions(versions, 'v2.').map((v) => v.version)).toEqual(['2.2.3', '2.1.0']);
    expect(filterVersions(versions, 'BETA').map((v) => v.version)).toEqual(['1.10.4-beta']);
    expect(filterVersions(versions, '9')).toEqual([]);
    expect(filterVersions(versions, '  ')).toHaveLength(3);
    expect(filterVersions(versions, undefined)).toHaveLength(3);
  });

  it('offers the models that have firmware, by name, with their device type', () => {
    const options = modelOptions([
      { id: 3, name: 'GEN 4', deviceType: 'DISPENSER', versions: [1] },
      { id: 9, name: 'Minew Gateway v2', deviceType: 'GATEWAY', versions: [1, 2] },
      { id: 5, name: 'Empty', deviceType: 'BADGE', versions: [] },
      { id: 1, name: 'GEN 2', deviceType: 'DISPENSER', versions: [1] },
    ]);
    expect(options).toEqual([
      { value: '1', label: 'GEN 2 (Dispenser)' },
      { value: '3', label: 'GEN 4 (Dispenser)' },
      { value: '9', label: 'Minew Gateway v2 (Gateway)' },
    ]);
  });

  it('reads the model and the search from the address, leniently', () => {
    expect(versionsSearchSchema.parse({ modelId: '6', search: '2.1' })).toEqual({ modelId: 6, search: '2.1' });
    expect(versionsSearchSchema.parse({ modelId: 'abc', search: '' })).toEqual({ modelId: undefined, search: undefined });
    expect(versionsSearchSchema.parse({})).toEqual({});
  });
});
