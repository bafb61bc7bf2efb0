/**
 * Form bench page: `benchForm('ours' | 'accordion' | 'bare')` mounts our SchemaForm (all sections open,
 * or as an accordion with one section open) or a bare RJSF Form
 * (default widgets, same schema and data) and reports the first render time; keystroke-to-paint
 * is taken for every key typed afterwards (window.keyLatencies).
 */
import { createRoot, type Root } from 'react-dom/client';
import { useEffect } from 'react';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { SchemaForm } from '../../web/src/components/schema-form/SchemaForm';
import { formSchema, layoutFields, resolveLayout } from '../../web/src/components/schema-form/layout';
import '../../web/src/styles/base.css';
import '../../web/src/styles/forms.css';
import '../../web/src/styles/buttons.css';
import '../../web/src/styles/components.css';
import { afterPaint } from './after-paint';
import { benchAccordionLayout, benchLayout, benchRecord, benchSchema } from './form-data';

const host = document.getElementById('root')!;
let root: Root | null = null;
const latencies: number[] = [];
const scripting: number[] = [];

// Keystroke-to-paint: from the keydown to the first paint after it; and the script part alone
// (event handlers and React's render of the discrete event, up to the next task).
window.addEventListener('keydown', () => {
  const t0 = performance.now();
  void afterPaint().then((t) => latencies.push(t - t0));
  setTimeout(() => scripting.push(performance.now() - t0), 0);
}, true);

const bareSchema = formSchema(benchSchema, layoutFields(resolveLayout(benchLayout, benchSchema)));

async function mount(kind: 'ours' | 'accordion' | 'bare'): Promise<number> {
  root?.unmount();
  host.innerHTML = '';
  await afterPaint();
  let done!: () => void;
  const mounted = new Promise<void>((r) => { done = r; });
  function Bench() {
    useEffect(() => done(), []);
    return kind !== 'bare'
      ? <SchemaForm schema={benchSchema} layout={kind === 'ours' ? benchLayout : benchAccordionLayout} formData={benchRecord} onSave={async () => {}} />
      : <Form schema={bareSchema as never} formData={benchRecord} validator={validator} />;
  }
  const t0 = performance.now();
  root = createRoot(host);
  root.render(<Bench />);
  await mounted;
  return (await afterPaint()) - t0;
}

Object.assign(window, {
  benchForm: mount,
  keyLatencies: latencies,
  keyScripting: scripting,
  benchReady: true,
});
