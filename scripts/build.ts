// npm run build: the production build, recorded so `npm start` knows it is current.
import { ensureBuild } from "./lib/build";
import { exitWith } from "./lib/config";

ensureBuild().catch(exitWith);
