import { describe, expect, it } from 'vitest';
import { deviceFormBody, deviceFormError } from './device-form';

describe('the IoT device form', () => {
  it('requires a name and a location, and keeps x and y on the plan', () => {
    expect(deviceFormError({ name: ' ', groupId: null, x: -1, y: 100_001 })).toEqual({
      name: 'A name is required',
      groupId: 'A location is required',
      x: 'Between 0 and 100000',
      y: 'Between 0 and 100000',
    });
    expect(deviceFormBody({ name: '', groupId: 6, x: 1, y: 1 })).toBeNull();
  });

  it('sends the name trimmed and x and y rounded', () => {
    expect(deviceFormBody({ name: ' Bed 4 ', groupId: 6, x: 10.4, y: 20.6 })).toEqual({ groupId: 6, name: 'Bed 4', posX: 10, posY: 21 });
  });
});
