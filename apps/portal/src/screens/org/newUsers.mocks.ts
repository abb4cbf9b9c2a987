/** The new-user request stories' shared mock: every request's detail answers in one state. */
import { CONTRACT } from '@tawqi/api';
import { createFixtures } from '@tawqi/api/fixtures';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';

const fixtures = createFixtures();

/** Open (Pending 1, cancellable) or decided (Approved 2, by Majed). */
export const uavDetailAs = (
  status: 1 | 2,
  overrides: Partial<ReturnType<typeof fixtures.uavRequestDetail>> = {},
) =>
  http.post(mockUrl(CONTRACT.uavRequestDetails), () =>
    HttpResponse.json({
      ...fixtures.uavRequestDetail(0),
      status,
      cancellable: status === 1,
      processedBy: status === 1 ? null : 'Majed Al-Otaibi',
      processedDate: status === 1 ? null : '2026-11-01T09:30:00.000Z',
      ...overrides,
    }),
  );
