// The engines part of the settings dialog: the opponent select (the built-in AI or an added
// engine, engines that do not play the chosen rule or board size disabled), and the list of added engines —
// each renamed or given a time per move in place, or removed — with "Add engine…", which lets
// the shell open the native file dialog (the page never sends a path) and probe the program.

import { t } from '../i18n.js';
import { SHARED } from '../shared.js';

/**
 * Wires `#engines-group` of the settings dialog.
 * @param {{api: any, notify: (message: string, kind: string) => void,
 *   describeError: (err: any) => string}} deps
 * @returns {{refresh: (selected: string | null, rule: string, size: number) => Promise<void>,
 *   selected: () => string | null, setGame: (rule: string, size: number) => void}}
 */
export function createEnginePanel(deps) {
  const { api, notify, describeError } = deps;
  const el = (id) => /** @type {any} */ (document.getElementById(id));
  let engines = [];
  let rule = 'freestyle';
  let size = 15;

  const fillSelect = (selected) => {
    const select = el('set-engine');
    const builtIn = new Option(t('engines.builtIn'), '');
    const options = engines.map((e) => {
      const plays = e.rules.includes(rule) && (e.sizes ?? [15]).includes(size);
      const label = plays ? e.name : `${e.name} — ${t('engines.notThisGame')}`;
      const option = new Option(label, e.id);
      option.disabled = !plays;
      return option;
    });
    select.replaceChildren(builtIn, ...options);
    const keep = engines.find((e) => e.id === selected && e.rules.includes(rule)
      && (e.sizes ?? [15]).includes(size));
    select.value = keep ? keep.id : '';
  };

  const item = (engine) => {
    const li = document.createElement('li');
    li.className = 'engine-item';
    li.dataset.id = engine.id;
    const name = Object.assign(document.createElement('input'), {
      type: 'text', className: 'input input-small engine-name', value: engine.name,
      maxLength: SHARED.engineNameMax,
    });
    name.setAttribute('aria-label', t('engines.name'));
    const ms = Object.assign(document.createElement('input'), {
      type: 'number', className: 'input input-small engine-ms', value: String(engine.moveMs),
      min: '100', max: '60000', step: '100',
    });
    ms.setAttribute('aria-label', t('engines.moveMs'));
    ms.title = t('engines.moveMs');
    const rules = document.createElement('span');
    rules.className = 'engine-rules';
    rules.textContent = engine.rules.map((r) => t(`engines.rule.${r}`)).join(' · ');
    rules.title = `${engine.file} — ${engine.about}`;
    const remove = Object.assign(document.createElement('button'), {
      type: 'button', className: 'btn btn-small engine-remove', textContent: t('engines.remove'),
    });
    const save = () => update(() => api.editEngine(engine.id, name.value, Number(ms.value)));
    name.addEventListener('change', save);
    ms.addEventListener('change', save);
    remove.addEventListener('click', () => update(() => api.removeEngine(engine.id)));
    li.append(name, ms, rules, remove);
    return li;
  };

  const render = (selected) => {
    el('engine-list').replaceChildren(...engines.map(item));
    fillSelect(selected);
  };

  /** Runs a change of the list; shows the new list, or the error and the list as it is. */
  const update = async (change, selectAfter) => {
    const selected = selectAfter ?? panel.selected();
    try {
      engines = await change();
    } catch (err) {
      if (err?.kind !== 'cancelled') notify(describeError(err), 'error');
      try { engines = await api.listEngines(); } catch { /* keep what is shown */ }
    }
    render(typeof selected === 'function' ? selected() : selected);
  };

  el('btn-add-engine').addEventListener('click', async () => {
    const button = el('btn-add-engine');
    button.disabled = true;
    button.textContent = t('engines.adding');
    const before = new Set(engines.map((e) => e.id));
    await update(() => api.addEngine(el('engine-args').value),
      () => engines.find((e) => !before.has(e.id))?.id ?? panel.selected());
    button.disabled = false;
    button.textContent = t('engines.add');
  });

  const panel = {
    async refresh(selected, currentRule, currentSize) {
      rule = currentRule;
      size = currentSize;
      el('engine-args').placeholder = t('engines.argsPlaceholder');
      try {
        engines = await api.listEngines();
      } catch (err) {
        engines = [];
        notify(describeError(err), 'error');
      }
      render(selected);
    },
    selected() {
      return el('set-engine').value || null;
    },
    setGame(nextRule, nextSize) {
      rule = nextRule;
      size = nextSize;
      fillSelect(panel.selected());
    },
  };
  return panel;
}
