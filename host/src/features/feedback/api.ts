// The feedback call: a signed-in user writes to the administrators (delivered as an in-app notice).
import { request } from '@lighting/shared';

export interface FeedbackInput {
  title: string;
  content: string;
}

export const sendFeedback = (data: FeedbackInput) =>
  request<null>({ url: '/system/Feedback', method: 'post', data });
