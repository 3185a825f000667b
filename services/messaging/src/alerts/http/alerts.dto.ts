import { AlertLimits } from '@vitrina/contracts';
import { pageQueryDto } from '@vitrina/platform';

/** GET /alerts/{me}:{me}: the panel loads 10 at a time, `offset` being how many it holds already. */
export class AlertListQueryDto extends pageQueryDto(AlertLimits.page, AlertLimits.pageMax) {}
