/** The new-user request stories' shared mock: every request's detail answers in one state. */
import { CONTRACT } from '@tawqi/api';
import type { createFixtures } from '@tawqi/api/fixtures';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';

type Detail = ReturnType<ReturnType<typeof createFixtures>['uavRequestDetail']>;

/** Who decided the decided request, in each language. */
export const DECIDER = { en: 'Majed Al-Otaibi', ar: 'ماجد العتيبي' };

/** Open (Pending 1, cancellable) or decided (Approved 2, by Majed), in the request's language. */
export const uavDetailAs = (status: 1 | 2, overrides: Partial<Detail> = {}) =>
  http.post(mockUrl(CONTRACT.uavRequestDetails), ({ request }) => {
    const fixtures = fixturesOf(request);
    return HttpResponse.json({
      ...fixtures.uavRequestDetail(0),
      status,
      cancellable: status === 1,
      processedBy: status === 1 ? null : fixtures.say(DECIDER),
      processedDate: status === 1 ? null : '2026-11-01T09:30:00.000Z',
      ...overrides,
    });
  });
