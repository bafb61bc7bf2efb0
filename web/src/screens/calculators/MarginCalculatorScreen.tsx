/**
 * /margin (CALC-001, CALC-003..005, PERM-013): the margin calculator. For the chosen brand's
 * defaults (changeable here as a what-if) and the entered FOB and duty preset, 33 MSRP rows centred
 * on the entered MSRP and stepping by the increment (rows ≤ 0 left out), each with its wholesale
 * price, landed cost and whole-percent margin (DECISIONS "Calculator formulas",
 * @domain/calculators). The entered MSRP's margin cell is highlighted; a line chart shows margin
 * against MSRP.
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { BUILT_IN_DEFAULTS, defaultsProblems, marginTable, type CostInputs, type DefaultField } from '@domain/calculators';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import { LineChart } from './LineChart';
import { COST_FIELDS, DutySelect, InputsCard, MissingInputs, NumberField, useCalculatorBrand } from './calculator-shared';
import { hitCell, money, parseDraft, percent } from './calculator-draft';

const FIELDS: readonly DefaultField[] = ['MSRP', 'Increment', 'FOB', 'Duty', ...COST_FIELDS];

export function MarginCalculatorScreen() {
  const calc = useCalculatorBrand();
  const { values, missing } = parseDraft(calc.draft, FIELDS);
  const problems = missing.length ? [] : defaultsProblems({ ...BUILT_IN_DEFAULTS, ...values }, calc.labels).filter((p) => FIELDS.includes(p.Field));
  const ok = !!calc.data && !missing.length && !problems.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: values is parsed anew each render from the draft, which is what changes
  const rows = useMemo(
    () => (ok ? marginTable(values as CostInputs, { msrp: values.MSRP!, increment: values.Increment!, fob: values.FOB!, duty: values.Duty! }) : []),
    [ok, calc.draft],
  );
  const entered = rows.findIndex((r) => r.IsEntered);
  const points = useMemo(() => rows.filter((r) => r.Margin !== null).map((r) => ({ x: r.MSRP, y: r.Margin! })), [rows]);
  const centre = rows[entered];

  return (
    <>
      <PageHeader
        title="Margin Calculator"
        subtitle="Margin per MSRP at a factory price (FOB) and duty"
        actions={
          <Link className="btn" to="/fob">
            FOB Calculator
          </Link>
        }
      />
      <div className="calc-layout">
        <InputsCard calc={calc} brandPickerId="margin-brand">
          <NumberField calc={calc} field="MSRP" hint="The table's centre row" />
          <NumberField calc={calc} field="Increment" hint="Step between rows" />
          <NumberField calc={calc} field="FOB" />
          <DutySelect calc={calc} />
        </InputsCard>
        <section className="calc-results" aria-label="Results">
          {calc.isLoading && (
            <span className="with-spinner">
              <span className="spinner" aria-hidden="true" /> Loading…
            </span>
          )}
          {calc.data && <MissingInputs missing={missing} labels={calc.labels} />}
          {problems.length > 0 && <FormAlert messages={problems.map((p) => p.Message)} />}
          {centre && (
            <p className="calc-summary" data-testid="margin-summary">
              At MSRP <strong>{money(centre.MSRP)}</strong>: WHS <strong>{money(centre.WHS)}</strong>, LDP <strong>{money(centre.LDP)}</strong>, margin{' '}
              <strong>{percent(centre.Margin)}</strong>
            </p>
          )}
          {ok && (
            <div className="calc-results__body">
              <OwnedGrid
                gridId="margin-calculator"
                rows={rows}
                testId="margin-grid"
                className="calc-grid"
                height={560}
                stretch="all"
                scrollToRow={entered}
                titles={{ Margin: `Margin at FOB ${money(values.FOB)}` }}
                decorate={(r, f) => ({
                  text: f === 'Margin' ? percent(r.Margin) : undefined,
                  ...(r.IsEntered ? hitCell(f === 'Margin', 'Margin at the entered MSRP, FOB and duty') : {}),
                })}
              />
              <LineChart
                points={points}
                hit={points.findIndex((p) => p.x === centre?.MSRP)}
                label="Margin by MSRP"
                xTitle="MSRP"
                yTitle="Margin %"
                formatX={(x) => String(x)}
                formatY={(y) => `${y} %`}
              />
            </div>
          )}
        </section>
      </div>
    </>
  );
}
