import { serve } from '../hosts/browser/serve.js';

void serve();
