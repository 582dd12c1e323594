// The remote's standalone app under federation (/remotes/citizen/ with the remote's index.html): the
// citizen pages alone, moved by the History API. Phones get the lighter lite.tsx bundle instead.
import { CitizenApp } from './citizen/CitizenApp';
import { useHistoryNav } from './citizen/nav';

export default function App() {
  return <CitizenApp nav={useHistoryNav()} />;
}
