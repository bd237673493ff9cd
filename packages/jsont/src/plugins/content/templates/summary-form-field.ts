// JSON-T of the form-field summary (rendered against a SummaryView, see ../forms.ts).
export const SUMMARY_FORM_FIELD = `<div style="font-size:11px; margin-top:3px">
  <span style="font-weight:bold;">{title|html}:</span> {.if lines}<div style="padding-left:5px;">
{.repeated section lines}  <div>{.if label}<span style="font-weight:bold;">{label|html}:</span> {.end}{text|html}</div>
{.end}</div>{.or}{value|html}{.if list}
{.end}{.end}
</div>`
