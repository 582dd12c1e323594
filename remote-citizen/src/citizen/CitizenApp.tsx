// The citizen pages (spec §2's /bt/gzh routes) under one small router that either door drives
// (nav.tsx). Finishes a chat-app sign-in the address carries, then starts the outbox (send what
// waits now and when the network returns: never before that sign-in, so a report queued for it goes
// with the session) and takes the citizen to the result of what it sent.
import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { NavContext, subPath, type Nav } from './nav';
import { signInFromAddress } from './identity';
import { forgetSentDraft, holdOutbox, onSent, startOutbox } from './state';
import { injectStyles } from './styles';
import Index from './pages/Index';
import Report from './pages/Report';

const Scan = lazy(() => import(/* webpackChunkName: "citizen-scan" */ './pages/Scan'));
const Success = lazy(() => import(/* webpackChunkName: "citizen-pages" */ './pages/Success'));
const RepairLog = lazy(() => import(/* webpackChunkName: "citizen-pages" */ './pages/RepairLog'));
const MyLog = lazy(() => import(/* webpackChunkName: "citizen-pages" */ './pages/MyLog'));
const feedback = () => import(/* webpackChunkName: "citizen-feedback" */ './pages/Feedback');
const FeedbackAdd = lazy(() => feedback().then((m) => ({ default: m.FeedbackAdd })));
const FeedbackList = lazy(() => feedback().then((m) => ({ default: m.FeedbackList })));
const FeedbackReply = lazy(() => feedback().then((m) => ({ default: m.FeedbackReply })));

const PAGES: Record<string, ComponentType> = {
  '': Index,
  success: Success,
  'repair/repair-report/scan': Scan,
  'repair/repair-report': () => <Report mode="wx" />,
  'repair/repair-report-nowx': () => <Report mode="nowx" />,
  'repair/repair-log': RepairLog,
  'repair/my-log': MyLog,
  'feedback/feedback-add': FeedbackAdd,
  'feedback/feedback-list': FeedbackList,
  'feedback/feedback-reply': FeedbackReply,
};

export const CITIZEN_PATHS = Object.keys(PAGES);

export function CitizenApp({ nav }: { nav: Nav }) {
  injectStyles();
  // started during the first render (once per page load), before any page asks who the citizen is:
  // useSession waits for it
  const signIn = signInFromAddress(nav.search);
  useEffect(() => {
    holdOutbox(signIn);
    startOutbox();
    void signIn.then((s) => {
      // the code is single-use: keep it out of the address (a reload would try it again)
      if (s && new URLSearchParams(location.search).has('state'))
        nav.go(subPath(location.pathname), { replace: true });
    });
    return onSent((item, result) => {
      if (item.kind === 'report') {
        void forgetSentDraft(item.id);
        const r = result as { folded: boolean; report: { id: string } };
        nav.go(`success?id=${r.report.id}${r.folded ? '&folded=1' : ''}`, { replace: true });
      } else {
        nav.go(`feedback/feedback-reply?id=${(result as { id: string }).id}`, { replace: true });
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load (nav.go is stable in effect)
  }, []);
  const Page = PAGES[nav.path] ?? Index;
  return (
    <NavContext.Provider value={nav}>
      <Suspense
        fallback={
          <div className="cz" style={{ padding: 24 }}>
            …
          </div>
        }
      >
        <Page key={nav.path} />
      </Suspense>
    </NavContext.Provider>
  );
}
