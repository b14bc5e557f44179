/* The photo's confirm page (webscore/sheetphoto.py): a tap on one of a field's other readings
   puts it in the field.  Without JavaScript the fields are typed as usual. */
(function () {
  'use strict';
  document.addEventListener('click', function (e) {
    var alt = e.target.closest && e.target.closest('button.alt[data-field]');
    if (!alt) { return; }
    var box = document.getElementById(alt.getAttribute('data-field'));
    if (!box) { return; }
    box.value = alt.getAttribute('data-value') || '';
    var row = box.closest('.read-field');
    if (row) { row.classList.add('confirmed'); }
  });
  document.addEventListener('input', function (e) {
    var row = e.target.closest && e.target.closest('.read-field');
    if (row) { row.classList.add('confirmed'); }
  });
}());
