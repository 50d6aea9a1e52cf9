import type { JobParameter, JobTemplate } from '@contracts/iot';
import { describe, expect, it } from 'vitest';
import { defaultValues, emptyJobForm, hasErrors, jobBody, parameterError, startInstant, validateJobForm } from './job-form';

const template: JobTemplate = {
  id: 5,
  name: 'Run Command',
  description: 'Runs a shell command.',
  template: {
    parameters: [
      { type: 'input', name: 'command', maxLength: 5 },
      { type: 'number', name: 'timeoutSeconds', optional: true, minValue: 1, maxValue: 600, defaultValue: 60 },
      { type: 'switch', name: 'restart', optional: true },
      { type: 'select', name: 'levels', multiple: true, options: ['error', 'info'], defaultValue: ['error'] },
      { type: 'date', name: 'period' },
    ],
  },
};
const NOW = new Date(2026, 10, 29, 12, 0).getTime();

describe('parameterError', () => {
  const p = (over: Partial<JobParameter>): JobParameter => ({ type: 'input', name: 'x', ...over });
  it('applies the spec’s messages', () => {
    expect(parameterError(p({ type: 'input' }), '')).toBe('Required');
    expect(parameterError(p({ type: 'input', optional: true }), null)).toBeNull();
    expect(parameterError(p({ type: 'input', maxLength: 3 }), 'abcd')).toBe('Max 3 chars');
    expect(parameterError(p({ type: 'number', minValue: 1 }), 0)).toBe('Min 1');
    expect(parameterError(p({ type: 'number', maxValue: 9 }), 10)).toBe('Max 9');
    expect(parameterError(p({ type: 'number', minValue: 1 }), null)).toBeNull();
    expect(parameterError(p({ type: 'select' }), null)).toBe('Required');
    expect(parameterError(p({ type: 'select', multiple: true }), [])).toBe('Required');
    expect(parameterError(p({ type: 'version' }), null)).toBe('Required');
    expect(parameterError(p({ type: 'switch' }), null)).toBe('Required');
    expect(parameterError(p({ type: 'switch' }), false)).toBeNull();
    expect(parameterError(p({ type: 'date' }), { startDate: null, endDate: null })).toBe('Start date required');
    expect(parameterError(p({ type: 'date' }), { startDate: '2026-11-01', endDate: null })).toBe('End date required');
    expect(parameterError(p({ type: 'date', optional: true }), { startDate: null, endDate: null })).toBeNull();
  });
});

describe('the job form', () => {
  it('starts each parameter at its default', () => {
    expect(defaultValues(template)).toEqual({ command: null, timeoutSeconds: 60, restart: false, levels: ['error'], period: { startDate: null, endDate: null } });
  });

  it('requires a name, devices, the parameters and a future start', () => {
    const form = { ...emptyJobForm(), templateId: 5, values: defaultValues(template), scheduled: true, startDate: '2026-11-29', startTime: '11:00' };
    const errors = validateJobForm(form, template, 0, NOW);
    expect(errors).toEqual({
      name: 'Job name required',
      devices: 'Choose at least one device',
      startAt: 'A scheduled start cannot be in the past',
      parameters: { command: 'Required', period: 'Start date required' },
    });
    expect(hasErrors(errors, template)).toBe(true);
    expect(validateJobForm({ ...form, startTime: '' }, template, 1, NOW).startAt).toBe('Start time required');
    expect(validateJobForm({ ...form, startDate: null }, template, 1, NOW).startAt).toBe('Start date required');
  });

  it('builds the body: trimmed name, the start instant, numbers as numbers, empty optional parameters left out', () => {
    const form = {
      ...emptyJobForm(),
      name: '  Uptime ',
      templateId: 5,
      values: { ...defaultValues(template), command: 'up', timeoutSeconds: '30', period: { startDate: '2026-11-01', endDate: '2026-11-02' } },
      scheduled: true,
      startDate: '2026-11-30',
      startTime: '02:30',
    };
    const errors = validateJobForm(form, template, 2, NOW);
    expect(hasErrors(errors, template)).toBe(false);
    expect(jobBody(form, template, 6, ['FD-1', 'FD-2'])).toEqual({
      name: 'Uptime',
      groupId: 6,
      templateId: 5,
      description: null,
      startAt: startInstant('2026-11-30', '02:30')!.toISOString(),
      thingAwsIds: ['FD-1', 'FD-2'],
      parameters: { command: 'up', timeoutSeconds: 30, restart: false, levels: ['error'], period: { startDate: '2026-11-01', endDate: '2026-11-02' } },
    });
    expect(jobBody({ ...form, scheduled: false }, template, 6, ['FD-1']).startAt).toBeNull();
  });

  it('reads the start in the device’s time zone', () => {
    expect(startInstant('2026-11-30', '02:30')!.getTime()).toBe(new Date(2026, 10, 30, 2, 30).getTime());
    expect(startInstant('2026-11-30', '2:3')).toBeNull();
  });
});
