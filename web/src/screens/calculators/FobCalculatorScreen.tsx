/**
 * /fob (CALC-001, CALC-004, CALC-006/007, PERM-013): the FOB calculator. For the chosen brand's
 * defaults (changeable here as a what-if), the entered MSRP and duty preset, the highest factory
 * price (FOB) reaching each of 17 whole-percent margins (35..51; in auto mode a change of the first
 * sets the others to the first plus 1 each), DECISIONS "Calculator formulas" via @domain/calculators.
 * The FOB cell of the highest margin the entered FOB still reaches is highlighted; a line chart
 * shows FOB against margin.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  autoMargins,
  BUILT_IN_DEFAULTS,
  defaultsProblems,
  editMargins,
  fobTable,
  MARGIN_MAX,
  MARGIN_MIN,
  marginAt,
  parseMargin,
  reachedFobRow,
  type CostInputs,
  type DefaultField,
} from '@domain/calculators';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import { LineChart } from './LineChart';
import { COST_FIELDS, DutySelect, InputsCard, MissingInputs, NumberField, useCalculatorBrand } from './calculator-shared';
import { hitCell, money, parseDraft, percent } from './calculator-draft';

const FIELDS: readonly DefaultField[] = ['MSRP', 'Duty', ...COST_FIELDS];
/** A table row; a margin typed wrong leaves its row blank. */
type ShownRow = { Margin: number | null; FOB: number | null; LDP: number | null };
const MARGIN_HINT = `A margin is a whole percent from ${MARGIN_MIN} to ${MARGIN_MAX}.`;

export function FobCalculatorScreen() {
  const calc = useCalculatorBrand();
  const [auto, setAuto] = useState(true);
  const [texts, setTexts] = useState<string[]>(() => autoMargins().map(String));
  const margins = texts.map(parseMargin);

  const editMargin = (index: number, text: string) => {
    const clean = text.replace(/\D+/g, '').slice(0, 2);
    const value = parseMargin(clean);
    // CALC-007: in auto mode the first margin sets the others (first + 1 each).
    if (value !== null && auto && index === 0)
      setTexts(
        editMargins(
          margins.map((m) => m ?? 0),
          0,
          value,
          true,
        ).map(String),
      );
    else setTexts(texts.map((t, i) => (i === index ? clean : t)));
  };
  const switchAuto = (on: boolean) => {
    setAuto(on);
    const first = margins[0];
    if (on && first !== null) setTexts(autoMargins(first).map(String));
  };

  const { values, missing } = parseDraft(calc.draft, FIELDS);
  const problems = missing.length ? [] : defaultsProblems({ ...BUILT_IN_DEFAULTS, ...values }, calc.labels).filter((p) => FIELDS.includes(p.Field));
  const badMargins = margins.some((m) => m === null);
  const ok = !!calc.data && !missing.length && !problems.length;
  const enteredFob = parseDraft(calc.draft, ['FOB']).values.FOB ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: values and margins are parsed anew each render from the draft and the texts, which are what change
  const rows = useMemo((): ShownRow[] => {
    if (!ok) return [];
    const valid = margins.filter((m): m is number => m !== null);
    const table = fobTable(values as CostInputs, { msrp: values.MSRP!, duty: values.Duty!, margins: valid });
    let k = 0;
    return margins.map((m) => (m === null ? { Margin: null, FOB: null, LDP: null } : table[k++]));
  }, [ok, calc.draft, texts]); // `values` and `margins` are read from these
  const hitRow = reachedFobRow(rows, enteredFob);
  const points = useMemo(() => rows.flatMap((r, i) => (r.Margin !== null && r.FOB !== null ? [{ x: r.Margin, y: r.FOB, i }] : [])), [rows]);
  const atEntered = ok && enteredFob !== null ? marginAt(values as CostInputs, values.MSRP!, enteredFob, values.Duty!) : null;

  return (
    <>
      <PageHeader
        title="FOB Calculator"
        subtitle="The highest factory price (FOB) reaching each margin at an MSRP"
        actions={
          <Link className="btn" to="/margin">
            Margin Calculator
          </Link>
        }
      />
      <div className="calc-layout">
        <InputsCard calc={calc} brandPickerId="fob-brand">
          <NumberField calc={calc} field="MSRP" />
          <DutySelect calc={calc} />
          <NumberField calc={calc} field="FOB" label="Your FOB" hint="Highlights the highest margin it reaches" />
        </InputsCard>
        <section className="calc-results" aria-label="Results">
          <fieldset className="card calc-margins">
            <legend>Margins %</legend>
            <label className="field--check calc-margins__auto">
              <input type="checkbox" checked={auto} onChange={(e) => switchAuto(e.target.checked)} /> Auto (the first margin sets the others, + 1 each)
            </label>
            <div className="calc-margins__list">
              {texts.map((t, i) => (
                <input
                  // biome-ignore lint/suspicious/noArrayIndexKey: the margin boxes are a fixed set, one per place
                  key={i}
                  aria-label={`Margin ${i + 1} %`}
                  inputMode="numeric"
                  maxLength={2}
                  value={t}
                  readOnly={auto && i > 0}
                  aria-invalid={margins[i] === null ? true : undefined}
                  className={auto && i > 0 ? 'calc-margins__follow' : undefined}
                  onChange={(e) => editMargin(i, e.target.value)}
                />
              ))}
            </div>
            {badMargins && <p className="field__error">{MARGIN_HINT}</p>}
          </fieldset>
          {calc.isLoading && (
            <span className="with-spinner">
              <span className="spinner" aria-hidden="true" /> Loading…
            </span>
          )}
          {calc.data && <MissingInputs missing={missing} labels={calc.labels} />}
          {problems.length > 0 && <FormAlert messages={problems.map((p) => p.Message)} />}
          {ok && enteredFob !== null && (
            <p className="calc-summary" data-testid="fob-summary">
              {hitRow >= 0 ? (
                <>
                  Your FOB <strong>{money(enteredFob)}</strong> reaches <strong>{percent(rows[hitRow].Margin)}</strong> (margin at that FOB:{' '}
                  <strong>{percent(atEntered)}</strong>)
                </>
              ) : (
                <>
                  Your FOB <strong>{money(enteredFob)}</strong> reaches none of these margins (margin at that FOB: <strong>{percent(atEntered)}</strong>)
                </>
              )}
            </p>
          )}
          {ok && (
            <div className="calc-results__body">
              <OwnedGrid
                gridId="fob-calculator"
                rows={rows}
                testId="fob-grid"
                className="calc-grid"
                height={17 * 30 + 36}
                stretch="all"
                scrollToRow={hitRow}
                decorate={(r, f, i) => ({
                  text: f === 'Margin' ? percent(r.Margin) : f === 'FOB' && r.Margin !== null && r.FOB === null ? 'not reachable' : undefined,
                  ...(i === hitRow ? hitCell(f === 'FOB', `Highest margin reached at FOB ${money(enteredFob)}`) : {}),
                })}
              />
              <LineChart
                points={points}
                hit={points.findIndex((p) => p.i === hitRow)}
                label="FOB by margin"
                xTitle="Margin %"
                yTitle="FOB"
                formatX={(x) => `${x} %`}
                formatY={(y) => String(y)}
              />
            </div>
          )}
        </section>
      </div>
    </>
  );
}
