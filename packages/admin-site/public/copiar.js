// The only script of the settings page: a copy button for the new token. Without it the
// token stays selectable in its field.
const field = document.getElementById('token');
const button = document.getElementById('copiar');
const done = document.getElementById('copiado');
if (field && button && navigator.clipboard) {
  button.hidden = false;
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(field.value).then(() => {
      done.hidden = false;
    });
  });
}
field?.addEventListener('focus', () => field.select());
