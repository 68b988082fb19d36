#!/usr/bin/env bash
# The release of one stage, made by the tested build job for the deploy jobs (docs/pipeline.md):
# everything a deploy runs, so a deploy job installs nothing and runs no dependency's code that
# the build job did not test.
#
#   bash infra/tools/pack-release.sh <stage> deploy   for the deploy workflow: refuses a stage
#                                                     that is not deployable, as `npm run deploy` does
#   bash infra/tools/pack-release.sh <stage> diff     for a pull request's diff of any stage
#
# release/cdk.out     the stage's cloud assembly: templates, the bundled functions and the built
#                     web app as assets (`cdk deploy --app release/cdk.out`)
# release/aws-cdk     the CDK CLI of package-lock.json, as `npm ci` checked it (no dependencies)
# release/tools       the smoke test and the alias record/rollback, bundled with their SDK client
# release/<stage>-deploy.env  the stage's account, region, deploy role and stack (pipeline-stage-env.ts)
# release/<stage>-diff.env    the same for the stage's read-only diff role
set -euo pipefail
cd "$(dirname "$0")/../.."
stage="${1:?usage: pack-release.sh <stage> <deploy|diff>}"
case "${2:-}" in
  deploy) purpose=(-c deploy=true) ;;
  diff) purpose=() ;;
  *) echo 'usage: pack-release.sh <stage> <deploy|diff>' >&2; exit 2 ;;
esac

rm -rf release
mkdir -p release/tools
npm run build
npm run synth -- -c stage="$stage" "${purpose[@]}" --output release/cdk.out
cp -R node_modules/aws-cdk release/aws-cdk
npx esbuild infra/tools/smoke-test.ts infra/tools/live-aliases.ts --bundle --platform=node --target=node24 \
  --format=cjs --out-extension:.js=.cjs --outdir=release/tools --log-level=warning
npx tsx infra/aws/pipeline-stage-env.ts "$stage" deploy > "release/$stage-deploy.env"
npx tsx infra/aws/pipeline-stage-env.ts "$stage" diff > "release/$stage-diff.env"
