/** HTML that is already escaped (or built by `html`), so it is inserted as is. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value == null || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * Tagged template for email markup: every interpolated value is escaped unless it is SafeHtml,
 * so a contact named `<script>` can never inject markup into a reminder.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, chunk, index) => out + chunk + (index < values.length ? render(values[index]) : ''), ''),
  );
}
