#!/usr/bin/env bash
# The CDK bootstrap of one stage's account (docs/operations.md, "First deploy of a stage"): in the
# stage's region and in us-east-1 (the edge stack's), with administrator credentials for the
# stage's account. Run it again after a change to either policy file: it is idempotent.
#
#   bash infra/bootstrap/bootstrap.sh <stage>
#
# CloudFormation deploys the stacks with the bootstrap's execution role. By default that role is
# AdministratorAccess; here it holds only execution-policy.json (the services the stacks use, a
# test keeps it in step with the templates), and permissions-boundary.json caps it: no IAM users,
# keys or managed policies, no change to these two policies or the bootstrap roles, no permissions
# boundary removed or another put, no AWS-managed administrator policy attached, no backup, vault lock,
# trail, table, bucket or key destroyed. Both are customer-managed policies of the account, made
# or updated here first, because `cdk bootstrap` takes them by ARN and name.
set -euo pipefail
cd "$(dirname "$0")/../.."
stage="${1:?usage: bootstrap.sh <stage>}"

EXECUTION_POLICY=aurum-cdk-execution
BOUNDARY=aurum-cdk-boundary

# The stage's account and region, from infra/stages.ts.
while IFS='=' read -r key value; do
  case "$key" in
    account) account="$value" ;;
    region) region="$value" ;;
  esac
done < <(npx tsx infra/aws/pipeline-stage-env.ts "$stage" deploy)
: "${account:?no account for stage $stage}" "${region:?no region for stage $stage}"

caller="$(aws sts get-caller-identity --query Account --output text)"
if [ "$caller" != "$account" ]; then
  echo "These credentials are for account $caller; stage $stage is account $account." >&2
  exit 1
fi
case "$region" in
  us-gov-*) partition=aws-us-gov ;;
  cn-*) partition=aws-cn ;;
  *) partition=aws ;;
esac

# Creates the customer-managed policy, or makes the file its default version. A policy keeps at
# most five versions: the oldest other one goes first.
upsert_policy() {
  local name="$1" file="$2" description="$3"
  local arn="arn:$partition:iam::$account:policy/$name"
  if aws iam get-policy --policy-arn "$arn" > /dev/null 2>&1; then
    local others
    others="$(aws iam list-policy-versions --policy-arn "$arn" --query 'Versions[?!IsDefaultVersion].VersionId' --output text | tr '\t' '\n' | sed '/^$/d' | sort -t v -k 2 -n)"
    if [ "$(printf '%s\n' "$others" | sed '/^$/d' | wc -l)" -ge 4 ]; then
      aws iam delete-policy-version --policy-arn "$arn" --version-id "$(printf '%s\n' "$others" | head -n 1)"
    fi
    aws iam create-policy-version --policy-arn "$arn" --policy-document "file://$file" --set-as-default > /dev/null
    echo "Updated $arn from $file"
  else
    aws iam create-policy --policy-name "$name" --policy-document "file://$file" --description "$description" > /dev/null
    echo "Created $arn from $file"
  fi
}

upsert_policy "$EXECUTION_POLICY" infra/bootstrap/execution-policy.json 'Aurum: what CloudFormation may do when CDK deploys the stacks (infra/bootstrap)'
upsert_policy "$BOUNDARY" infra/bootstrap/permissions-boundary.json 'Aurum: the most the CDK execution role may ever do (infra/bootstrap)'

npx cdk bootstrap "aws://$account/$region" "aws://$account/us-east-1" \
  -c stage="$stage" \
  --cloudformation-execution-policies "arn:$partition:iam::$account:policy/$EXECUTION_POLICY" \
  --custom-permissions-boundary "$BOUNDARY" \
  --termination-protection true \
  --no-notices
