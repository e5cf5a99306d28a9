/**
 * useContractForm: one form of the portal, checked by the contract's zod schema on the page and
 * refused or accepted by the server, with the same behaviour everywhere.
 *
 * ```tsx
 * const form = useContractForm({
 *   schema: etudiantRequestSchema,                  // the endpoint's body schema, from the contract
 *   defaultValues: { email: '', cp: '', ville: '', ecole: '' },
 *   submit: (body) => call(etudiantEndpoints.add, { body }),   // body = parsed values (+ honeypot)
 *   onSuccess: (res) => setConfirmation(res.message),          // default: server's message as a success banner
 *   invalidMessage: MESSAGES.remplirTousLesChamps,  // banner for refused input (optional)
 *   honeypot: true,                                 // public forms: sends HONEYPOT_FIELD with the body
 * });
 * return (
 *   <Paper component="form" {...form.formProps}>
 *     <FormBanner form={form} />
 *     <TextInput form={form} name="email" label="Adresse de courriel" required />
 *     <Honeypot {...form.honeypot} />
 *     <SubmitButton form={form}>Valider la demande</SubmitButton>
 *   </Paper>
 * );
 * ```
 *
 * - Field components (`./fields.tsx`) bind by `name` (a path: `proprietaire.nom`); their ids are
 *   `${idPrefix}-${name with dots as dashes}` (`idPrefix` defaults to `champ`), or the `id` you give.
 * - On submit the schema runs first (zodResolver): errors show under their fields, nothing is sent.
 *   `schema` may be a loader (`() => import(…)`), started when the person first touches the page (a
 *   tap, a key, a focus): a public form's first screen then downloads and evaluates neither zod nor
 *   its schema, and a press before they arrive waits.
 * - A refused call: the server's `{ key, error }` list lands under the fields (a key is a path or its
 *   last segment, see `server-errors.ts`); the banner shows `invalidMessage` when the input was refused
 *   (field errors, or any 400 when `invalidMessage` is set), otherwise the server's message (a call that
 *   never reached the server: `UNREACHABLE`). An edited field is checked again as it changes.
 * - Focus then goes to the first field in error in the page's order (marked `aria-invalid`, or the
 *   control bearing the field's id: the logo's button); with none and the focus lost (the pressed
 *   button was disabled), to the first field.
 * - `busy` is true from the press to the end of `onSuccess`; a second press meanwhile is ignored.
 *   `onSuccess` gets the answer and `{ values, reset, banner }`.
 * - `form.methods` is react-hook-form's own (watch, setValue, …) for what the fields do not cover.
 */
import { HONEYPOT_FIELD, MESSAGES } from '@guichet/contract/forms';
// The resolver itself imports no zod (it reads the schema it is given): only the schema is loaded apart.
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, UNREACHABLE } from '../../lib/api.ts';
import { useBanner } from '../banner.tsx';
import { fieldPaths, placeServerErrors } from './server-errors.ts';

/** What travels: the parsed values, and the trap field of a public form. */
export type SubmittedBody<O> = O & { [HONEYPOT_FIELD]?: string };

/** The schema of a form: its values as typed in, and as parsed. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ContractFormOptions<S extends FormSchema, R> = {
  /**
   * The schema, or its loader (`() => import('./x-schema.ts').then((m) => m.schema)`): a public
   * form's first screen then goes without zod, loaded as soon as the form is on the page.
   */
  schema: S | (() => Promise<S>);
  defaultValues: DefaultValues<z.input<S>>;
  submit: (body: SubmittedBody<z.output<S>>) => Promise<R>;
  onSuccess?: (result: R, ctx: SuccessContext<z.output<S>>) => void | Promise<void>;
  /**
   * The banner when the input is refused (client check or server 400); none by default. A function
   * gets the refused fields (path and message, in the page's order when the check found them) and
   * may name the real problem.
   */
  invalidMessage?: string | ((refused: RefusedField[]) => string);
  /** A public form: its trap field's value goes with the body. */
  honeypot?: boolean;
  /** Prefix of the field ids: two forms on one page must not share them. */
  idPrefix?: string;
};

/** A field the check or the server refused, and why. */
export type RefusedField = { path: string; message: string };

export type SuccessContext<O> = { values: O; reset: () => void; banner: ReturnType<typeof useBanner> };

export type ContractForm<TIn extends FieldValues, TOut extends FieldValues = TIn> = {
  methods: UseFormReturn<TIn, unknown, TOut>;
  control: Control<TIn, unknown, TOut>;
  /** The id of a field's input, from its name. */
  fieldId: (name: string) => string;
  /** Spread on the `<form>` (or `Paper component="form"`). */
  formProps: { noValidate: true; onSubmit: (e: FormEvent<HTMLElement>) => void };
  busy: boolean;
  banner: ReturnType<typeof useBanner>;
  /** Spread on `<Honeypot />` (components/honeypot.tsx). */
  honeypot: { value: string; onChange: (value: string) => void };
};

export function useContractForm<S extends FormSchema, R>(
  options: ContractFormOptions<S, R>,
): ContractForm<z.input<S>, z.output<S>> {
  type In = z.input<S>;
  type Out = z.output<S>;
  const { schema, defaultValues, invalidMessage, honeypot = false, idPrefix = 'champ' } = options;
  const resolver = useLazyResolver<In, Out>(schema);
  const methods = useForm<In, unknown, Out>({
    resolver,
    defaultValues,
    // Focus is ours: the first field in error in the page's order, for client and server errors alike.
    shouldFocusError: false,
  });
  const banner = useBanner();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [trap, setTrap] = useState('');
  const formEl = useRef<HTMLElement | null>(null);
  // Set by a refusal; honoured once the call is over, when the errors are on the page.
  const focusPending = useRef(false);
  // The latest options without re-creating the submit handler at each render.
  const latest = useRef(options);
  latest.current = options;

  const fieldId = (name: string) => `${idPrefix}-${name.replaceAll('.', '-')}`;
  useEffect(() => {
    if (busy || !focusPending.current || !formEl.current) return;
    focusPending.current = false;
    // A control that is no input (the logo's button) is found by its field's id.
    const inError = fieldPaths(methods.getValues())
      .filter((path) => methods.getFieldState(path as Path<In>).invalid)
      .map(fieldId);
    focusAfterRefusal(formEl.current, inError);
  });

  const refuse = useCallback(
    (err: unknown) => {
      const apiError = err instanceof ApiError ? err : null;
      const { placed } = placeServerErrors(apiError?.errors ?? [], fieldPaths(methods.getValues()));
      for (const [path, message] of placed) methods.setError(path as Path<In>, { type: 'server', message });
      const inputRefused = placed.length > 0 || apiError?.status === 400;
      const refused = placed.map(([path, message]) => ({ path, message }));
      const text =
        inputRefused && invalidMessage
          ? bannerFor(invalidMessage, refused)
          : placed.length
            ? undefined
            : (apiError?.message ?? MESSAGES.erreur);
      if (text) banner.error(text);
      focusPending.current = true;
    },
    [methods, banner.error, invalidMessage],
  );

  const onSubmit = useCallback(
    (e: FormEvent<HTMLElement>) => {
      e.preventDefault();
      formEl.current = e.currentTarget;
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      banner.clear();
      const valid = async (values: Out) => {
        const { submit, onSuccess } = latest.current;
        try {
          const body = (honeypot ? { ...values, [HONEYPOT_FIELD]: trap } : values) as SubmittedBody<Out>;
          const result = await submit(body);
          const ctx = { values, reset: () => methods.reset(), banner };
          await (onSuccess ? onSuccess(result, ctx) : showMessage(result, banner));
        } catch (err) {
          refuse(err);
        }
      };
      const invalid = (errors: FieldErrors<In>) => {
        if (invalidMessage) banner.error(bannerFor(invalidMessage, refusedFields(errors)));
        focusPending.current = true;
      };
      void methods
        .handleSubmit(valid, invalid)()
        // Only the check's loading can fail here (`valid` catches the call's errors): no network.
        .catch(refuse)
        .finally(() => {
          busyRef.current = false;
          setBusy(false);
        });
    },
    [methods, banner, honeypot, trap, invalidMessage, refuse],
  );

  return {
    methods,
    control: methods.control,
    fieldId,
    formProps: { noValidate: true, onSubmit },
    busy,
    banner,
    honeypot: { value: trap, onChange: setTrap },
  };
}

/**
 * The zod resolver of a schema given, or loaded apart (`import()`, started at the first touch):
 * the check waits for it if the person is quicker than the network, and behaves as
 * `zodResolver(schema)` once it is there. A failed load is a call that never reached the server
 * (`UNREACHABLE`), tried again at the next check.
 */
function useLazyResolver<In extends FieldValues, Out extends FieldValues>(
  schema: FormSchema | (() => Promise<FormSchema>),
): Resolver<In, unknown, Out> {
  const loaded = useRef<Promise<Resolver<In, unknown, Out>> | null>(null);
  const latestSchema = useRef(schema);
  latestSchema.current = schema;
  const load = useCallback(() => {
    const given = latestSchema.current;
    loaded.current ??= (typeof given === 'function' ? given() : Promise.resolve(given)).then(
      (s) => zodResolver(s as never) as unknown as Resolver<In, unknown, Out>,
      () => {
        loaded.current = null;
        throw new ApiError(0, UNREACHABLE);
      },
    );
    return loaded.current;
  }, []);
  useEffect(() => {
    if (typeof latestSchema.current !== 'function') return;
    // Loaded when the person first touches the page, not with its first screen: a phone
    // evaluates zod and the schema (a long task) once someone is about to type, not while the page
    // is still drawing. A press on « Envoyer » before it is there waits for it (above).
    const start = () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, start, true);
      load().catch(() => {});
    };
    for (const type of FIRST_TOUCH) window.addEventListener(type, start, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, start, true);
    };
  }, [load]);
  return useCallback<Resolver<In, unknown, Out>>(
    async (values, context, options) => (await load())(values, context, options),
    [load],
  );
}

/** What shows someone is about to fill the form: a touch, a click, a key, a focus moved into the page. */
const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin'] as const;

const bannerFor = (
  message: NonNullable<ContractFormOptions<FormSchema, unknown>['invalidMessage']>,
  refused: RefusedField[],
) => (typeof message === 'function' ? message(refused) : message);

/** The messages of react-hook-form's error tree, with their paths (`proprietaire.nom`). */
function refusedFields(errors: FieldErrors, prefix = ''): RefusedField[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (!error || typeof error !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return [{ path, message }];
    return refusedFields(error as FieldErrors, path);
  });
}

/** Without `onSuccess`: the server's message (`{ status: 'success', message }`) as a success banner. */
function showMessage(result: unknown, banner: ReturnType<typeof useBanner>) {
  const message = (result as { message?: unknown } | null)?.message;
  if (typeof message === 'string') banner.success(message);
}

const FIELD = 'input:not([type="hidden"]), select, textarea';

/**
 * After a refusal, the first field in error in the page's order takes the focus (a screen reader
 * reads its label and, through aria-describedby, its error): an element marked `aria-invalid`, or
 * the control bearing the id of a field in error (`inError`: a button such as the logo's). A radio
 * group gives it to its chosen or first radio. With no field in error and the focus lost (the
 * pressed button was disabled meanwhile), the first field.
 */
function focusAfterRefusal(form: HTMLElement, inError: readonly string[]) {
  const byId = inError.map((id) => document.getElementById(id)).filter((el) => el !== null && form.contains(el));
  const [invalid] = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'), ...(byId as HTMLElement[])].sort(
    (a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : a === b ? 0 : 1),
  );
  if (invalid) {
    const target = invalid.matches(`${FIELD}, button`)
      ? invalid
      : (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>(FIELD));
    target?.focus();
    return;
  }
  const active = document.activeElement as HTMLElement | null;
  if (active && active !== document.body && form.contains(active) && !active.matches(':disabled')) return;
  const first = [...form.querySelectorAll<HTMLElement>(FIELD)].find((el) => !el.closest('[aria-hidden="true"]'));
  first?.focus();
}
