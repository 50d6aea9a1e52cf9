import { describe, expect, it } from 'vitest';
import { modelTabs, tabsSignature } from './model-tabs';

describe('model tabs', () => {
  it('groups the devices by model, one tab each, ordered by model name', () => {
    const tabs = modelTabs([
      { id: 5, modelId: 9, modelName: 'Aqua 3', version: '2.0.0' },
      { id: 2, modelId: 7, modelName: 'Aqua 2', version: '1.4.0' },
      { id: 1, modelId: 7, modelName: 'Aqua 2', version: null },
      { id: 1, modelId: 7, modelName: 'Aqua 2', version: null },
    ]);
    expect(tabs).toEqual([
      { modelId: 7, modelName: 'Aqua 2', deviceIds: [1, 2] },
      { modelId: 9, modelName: 'Aqua 3', deviceIds: [5] },
    ]);
    expect(tabsSignature(tabs)).toBe('7:1,2;9:5');
  });

  it('has no tab without devices', () => {
    expect(modelTabs([])).toEqual([]);
  });
});
