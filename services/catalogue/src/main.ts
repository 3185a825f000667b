import { runService } from '@vitrina/platform';
import { catalogueService } from './catalogue.module.js';

await runService(catalogueService);
