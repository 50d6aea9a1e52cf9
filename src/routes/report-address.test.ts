import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispenserEndpoints } from '@contracts/reports/dispensers';
import { dispenserActivityQuery } from '@/features/reports/dispenser-activity/api/dispenser-activity';
import { utcToday } from '@/features/reports/filters/filter-state';
import type { SessionData } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ mainApi: { call } }));

import { settleReportAddress } from './report-address';

const PATH = '/app/reports/dispenser-activity';
const today = utcToday();

function session(): SessionData {
  const base = makeSession('admin', { managedGroupIds: [6] });
  const groups = [{ id: 6, name: 'ICU – 3 North', parentId: null, accessible: true }] as unknown as SessionData['bootstrap']['groups'];
  return { ...base, bootstrap: { ...base.bootstrap, groups } };
}

/** Image elements the page's code created, by the address each was given. */
const preloaded: string[] = [];
class RecordingImage {
  set src(value: string) {
    preloaded.push(value);
  }
}

describe('opening Dispenser Activity', () => {
  beforeEach(() => {
    call.mockReset();
    preloaded.length = 0;
    vi.stubGlobal('Image', RecordingImage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the answer the page reads while the route loads, and starts the floor plan it names', async () => {
    call.mockResolvedValue({ dispensers: [], floorplanImage: '/floorplans/6.png' });
    const queryClient = new QueryClient();
    const address = { groupId: 6, startDate: today, endDate: today };
    await settleReportAddress(PATH, session(), address, true, queryClient);

    const { queryKey } = dispenserActivityQuery(address);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toEqual({ dispensers: [], floorplanImage: '/floorplans/6.png' }));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[0]).toBe(dispenserEndpoints.groupActivity);
    expect(call.mock.calls[0]?.[1]).toMatchObject({ query: address });
    await vi.waitFor(() => expect(preloaded).toEqual(['/floorplans/6.png']));
  });

  it('does not download an uploaded plan ahead: it needs the sign-in and loads with the map', async () => {
    call.mockResolvedValue({ dispensers: [], floorplanImage: '/api/groups/6/floorplan' });
    const queryClient = new QueryClient();
    const address = { groupId: 6, startDate: today, endDate: today };
    await settleReportAddress(PATH, session(), address, true, queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(dispenserActivityQuery(address).queryKey)).toBeDefined());
    expect(preloaded).toEqual([]);
  });

  it('asks for nothing while the address is still being completed', async () => {
    const queryClient = new QueryClient();
    const settled = settleReportAddress(PATH, session(), { groupId: 6 }, true, queryClient);
    await expect(settled).rejects.toSatisfy(isRedirect);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(call).not.toHaveBeenCalled();
  });
});
