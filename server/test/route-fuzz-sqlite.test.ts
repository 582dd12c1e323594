// The route fuzz suite (./fuzz/route-fuzz-suite.ts) on SQLite: one file per database, so jest runs them side by side.
import { describeRouteFuzz } from './fuzz/route-fuzz-suite';

describeRouteFuzz('sqlite');
