import { DEFAULT_RISK_MODEL, RISK_MODELS, type AnyRiskModel } from '@ust/domain';
import { agesAsOfBuild, riskModelOfBuild, type DatasetBuildMeta } from '@ust/read-model';
import type { RiskModelId } from '@ust/schemas';

export interface LiveBuildScoring {
  /** Ages are as of the build's (agesAsOfBuild), so a facility reads the same in the dialog and the lists. */
  asOf: Date;
  riskModel: AnyRiskModel;
}

/**
 * How the dialog and the exposure sheet score a facility: with the live build's clock and risk
 * model (`meta`), or now and the default model before any build. A build scored by a model this
 * process does not know (a newer release's, during a rolling deploy) is scored with the default
 * model rather than failing the request; the assessment names the model it used, so the page
 * stays true to itself.
 */
export function liveBuildScoring(meta: DatasetBuildMeta | null): LiveBuildScoring {
  if (!meta) return { asOf: new Date(), riskModel: DEFAULT_RISK_MODEL };
  const riskModel: AnyRiskModel | undefined = RISK_MODELS[riskModelOfBuild(meta) as RiskModelId];
  return { asOf: new Date(agesAsOfBuild(meta)), riskModel: riskModel ?? DEFAULT_RISK_MODEL };
}
