// The Try it console's state: the operation's spec and validators, the request being edited (form
// or JSON), the problems the sandbox would refuse it for, and the last exchange.
import { useEffect, useState } from 'react';
import { bodyText } from '@/lib/console/form-values';
import { wireRequest } from '@/lib/console/request';
import { openingValues, withFreshKey } from '@/lib/console/opening-values';
import { sendsOriginalKey, withReplayKey, type Replay } from '@/lib/console/replay';
import { decodeShared } from '@/lib/console/share';
import { withCarried } from '@/lib/console/steps';
import type { OperationSpec, RequestValues } from '@/lib/console/spec';
import { consoleOperationRoute } from '@/lib/routes';
import type { RequestProblem } from '@/lib/sandbox/validation-messages';
import { send, type Exchange } from './send';
import { adoptToken, ensureToken, rememberIds } from './session';
import { runSteps } from './step-runner';
import { loadValidators, problemsOf, type Validators } from './validators';

export type ConsoleProps = { operation?: string; scenario?: string; share?: string };

type Loaded = { spec: OperationSpec; validators: Validators; values: RequestValues };

const newKey = () => crypto.randomUUID();

async function load(props: ConsoleProps): Promise<Loaded & { scenario?: string }> {
  const shared = props.share ? decodeShared(props.share) : null;
  if (props.share && !shared)
    throw new Error('This link does not hold a request this site can open.');
  const operationId = shared?.operation ?? props.operation ?? '';
  const [response, validators] = await Promise.all([
    fetch(consoleOperationRoute(operationId)),
    loadValidators(operationId),
  ]);
  if (!response.ok) throw new Error(`No operation "${operationId}" on this site.`);
  const spec = (await response.json()) as OperationSpec;
  const scenario = shared?.scenario ?? props.scenario;
  return { spec, validators, values: openingValues(spec, { shared, scenario, newKey }), scenario };
}

/** Everything the console shows and does; `replay` names the logged request it sends again. */
export function useConsole(props: ConsoleProps, replay?: Replay) {
  const [loaded, setLoaded] = useState<(Loaded & { scenario?: string }) | { error: string }>();
  const [values, setValues] = useState<RequestValues>();
  const [text, setText] = useState<string>();
  // Once the reader has tried to send, problems follow every edit until they are fixed.
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [exchange, setExchange] = useState<Exchange>();
  const [prepared, setPrepared] = useState<Exchange[]>([]);
  const [failure, setFailure] = useState<string>();
  const [prepare, setPrepare] = useState(true);
  const [followed, setFollowed] = useState<Exchange[]>([]);
  const [follow, setFollow] = useState(true);

  useEffect(() => {
    load(props).then(
      (result) => {
        setLoaded(result);
        setValues(result.values);
      },
      (error: Error) => setLoaded({ error: error.message }),
    );
    // The console opens once per launch; its props do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ready = loaded && 'spec' in loaded ? loaded : undefined;

  /** Checks the request as the sandbox would, then sends it (or sends it anyway when `force`). */
  async function submit(force = false) {
    if (!ready || !values || sending) return;
    const { spec, validators } = ready;
    setChecked(true);
    if (problemsOf(validators, spec, values, text).length && !force) return;
    setSending(true);
    setFailure(undefined);
    setPrepared([]);
    setFollowed([]);
    try {
      const token = spec.authenticated ? await ensureToken() : undefined;
      let current = values;
      // The JSON view sends its text as typed; the form sends its value.
      let written = text;
      if (spec.preparation && prepare) {
        const made = await runSteps(spec.preparation.steps, {}, setPrepared);
        if (made.refused) {
          const { step, exchange } = made.refused;
          throw new Error(`Preparing failed: ${step.title} answered ${exchange.status}.`);
        }
        current = withCarried(current, spec.preparation.carry, made.answers);
        setValues(current);
        if (written !== undefined) setText((written = bodyText(current.body)));
      }
      const request = wireRequest(spec.method, spec.path, current, written);
      const result = await send(request, token);
      rememberIds(result.json);
      const issued = result.json as { access_token?: string; expires_in?: number } | undefined;
      if (!spec.authenticated && issued?.access_token)
        adoptToken(issued.access_token, issued.expires_in ?? 0);
      setExchange(result);
      // A replay sending the original key keeps it: sending again replays again.
      setValues(sendsOriginalKey(current, replay) ? current : withFreshKey(spec, current, newKey));
      if (spec.followUp && follow && result.status < 300) {
        await runSteps(spec.followUp.steps, { request: result.json }, setFollowed);
      }
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  /** Sends the replayed request's own Idempotency-Key, or a new one. */
  function sendOriginalKey(original: boolean) {
    if (values && replay?.idempotencyKey)
      setValues(withReplayKey(values, replay.idempotencyKey, original, newKey));
  }

  const problems: RequestProblem[] =
    checked && ready && values ? problemsOf(ready.validators, ready.spec, values, text) : [];

  return {
    error: loaded && 'error' in loaded ? loaded.error : undefined,
    spec: ready?.spec,
    scenario: ready?.spec.scenarios.find((candidate) => candidate.id === ready.scenario),
    values,
    setValues,
    /** The JSON view's text while the JSON view is open, else undefined (the form is). */
    text,
    setText,
    problems,
    sending,
    exchange,
    prepared,
    failure,
    prepare,
    setPrepare,
    followed,
    follow,
    setFollow,
    submit,
    replay,
    sendsOriginalKey: values ? sendsOriginalKey(values, replay) : false,
    sendOriginalKey,
  };
}
