import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-client';
import { clearDraft, draftKey, readDraft, writeDraft } from '../../lib/local-draft';
import { canCreate, check, EMPTY_CAMPAIGN, fullPayload, sameValues, valuesOf, type CampaignFormValues, type FormErrors } from './campaign-form';
import { CAMPAIGNS_KEY, useCampaign, useCreateCampaign, usePatchCampaign } from './campaigns-api';
import { campaignPath } from './campaign-paths';

/** A pause in typing this long saves the draft. */
const AUTOSAVE_MS = 800;
/** A save that failed (server down, network lost) is tried again this long after. */
const RETRY_MS = 5000;
/** No answer, or the server's own trouble: worth trying again; a refusal (4xx) is not. */
const transient = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;

export type SaveState =
  /** Nothing changed since the campaign was read or saved. */
  | 'saved'
  /** Changes wait for the pause in typing, or are on their way. */
  | 'saving'
  /** A new campaign not created yet: its English subject and text are missing. */
  | 'local'
  /** A field is wrong: the others are saved, it is kept on this device. */
  | 'invalid'
  /** The server refused or could not be reached; tried again in a few seconds when it was not a refusal, and at the next change. */
  | 'error';

/**
 * The campaign editor's state: the values, saved while typing (a debounced PATCH, or the POST
 * that creates a new campaign once it has its English subject and text), and kept on this device
 * on every change until the server has them, so a reload or a closed tab loses nothing.
 */
export function useCampaignDraft(id: number | null) {
  const campaign = useCampaign(id);
  const create = useCreateCampaign();
  const patch = usePatchCampaign();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const key = draftKey('campaign', id);

  const [values, setValuesState] = useState<CampaignFormValues>(EMPTY_CAMPAIGN);
  const [ready, setReady] = useState(id === null);
  const [state, setState] = useState<SaveState>(id === null ? 'local' : 'saved');
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const current = useRef(values);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  // The values the server holds (after the last save that went through).
  const savedValues = useRef<CampaignFormValues | null>(null);
  // The latest flush, for the timer (set after each render, below).
  const flushRef = useRef<() => Promise<boolean>>(async () => false);

  /** The save after the pause in typing (one timer: each change restarts it). */
  const schedule = useCallback((delayMs = AUTOSAVE_MS) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void flushRef.current();
    }, delayMs);
  }, []);

  // The first read: the server's values, or what this device kept if it was typed after them.
  const loaded = campaign.data;
  useEffect(() => {
    if (ready) return;
    if (id !== null && !loaded) return;
    const server = loaded ? valuesOf(loaded) : EMPTY_CAMPAIGN;
    const local = readDraft<CampaignFormValues>(key);
    const editable = !loaded || loaded.status === 'draft';
    const restore = local && editable && !sameValues(local.values, server) && (!loaded || Date.parse(local.savedAt) >= Date.parse(loaded.updatedAt));
    savedValues.current = loaded ? server : null;
    const start = restore ? { ...EMPTY_CAMPAIGN, ...local.values } : server;
    if (!restore) clearDraft(key);
    current.current = start;
    setValuesState(start);
    setErrors(check(start).errors);
    setReady(true);
    if (restore) schedule();
  }, [id, loaded, ready, key, schedule]);

  const saveNow = useCallback(async (): Promise<boolean> => {
    const v = current.current;
    const checked = check(v);
    setErrors(checked.errors);
    const invalid = Object.keys(checked.errors).length > 0;
    if (id === null) {
      const payload = fullPayload(v);
      if (!payload) {
        setState(canCreate(v) ? 'invalid' : 'local');
        return false;
      }
      setState('saving');
      try {
        const created = await create.mutateAsync(payload);
        // The editor goes on as the campaign's own address; what was typed meanwhile goes with it.
        clearDraft(key);
        if (!sameValues(current.current, v)) writeDraft(draftKey('campaign', created.id), current.current, null);
        void navigate(campaignPath(created.id), { replace: true });
        return true;
      } catch (err) {
        setFailure(errorText(err, "L'enregistrement a échoué."));
        setState('error');
        if (transient(err)) schedule(RETRY_MS);
        return false;
      }
    }
    if (savedValues.current && sameValues(savedValues.current, v)) {
      clearDraft(key);
      setState(invalid ? 'invalid' : 'saved');
      return !invalid;
    }
    if (Object.keys(checked.patch).length === 0) {
      setState('invalid');
      return false;
    }
    setState('saving');
    try {
      await patch.mutateAsync({ id, data: checked.patch });
      setFailure(null);
      if (!invalid) savedValues.current = v;
      // Typed while the save was on its way: the next save follows.
      if (!sameValues(current.current, v)) {
        schedule();
        return true;
      }
      if (!invalid) clearDraft(key);
      setState(invalid ? 'invalid' : 'saved');
      return !invalid;
    } catch (err) {
      setFailure(errorText(err, "L'enregistrement a échoué."));
      setState('error');
      if (transient(err)) schedule(RETRY_MS);
      return false;
    }
  }, [id, key, create, patch, navigate, schedule]);

  /** One save at a time: a save asked while one runs waits for it, then saves what is there now. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    while (inFlight.current) await inFlight.current;
    const run = saveNow();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [saveNow]);

  useEffect(() => {
    flushRef.current = flush;
  });

  /** A change: kept on this device at once, saved after the pause. */
  const setValues = useCallback(
    (next: (v: CampaignFormValues) => CampaignFormValues) => {
      const v = next(current.current);
      current.current = v;
      setValuesState(v);
      writeDraft(key, v, null);
      if (id !== null || canCreate(v)) setState('saving');
      else setState('local');
      schedule();
    },
    [key, id, schedule],
  );

  // Leaving the editor saves what waits (the local copy keeps it if that fails).
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flushRef.current();
      }
    },
    [],
  );

  const refreshed = useCallback(() => qc.invalidateQueries({ queryKey: [...CAMPAIGNS_KEY, id] }), [qc, id]);

  return {
    campaign: campaign.data,
    isLoading: id !== null && campaign.isLoading,
    isError: campaign.isError,
    ready,
    values,
    setValues,
    errors,
    state,
    failure,
    flush,
    refreshed,
  };
}
