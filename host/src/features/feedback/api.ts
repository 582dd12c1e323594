// The feedback call: a signed-in user writes to the administrators (delivered as an in-app notice).
import { request } from '@lighting/shared';
import type { ApiBody } from '@lighting/shared/api';

export type FeedbackInput = ApiBody<'/api/system/Feedback', 'post'>;

export const sendFeedback = (data: FeedbackInput) =>
  request<null>({ url: '/system/Feedback', method: 'post', data });
