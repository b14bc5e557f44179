/* The photo's confirm page (webscore/sheetphoto.py): a tap on one of a field's other readings
   puts it in the field.  On the sheet page, "Add a page" adds one more photo input (a record
   on several pages).  Without JavaScript the fields are typed as usual, and the page has one
   extra photo input. */
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
  var add = document.getElementById('photo-add');
  if (add) {
    add.hidden = false;
    add.addEventListener('click', function () {
      var rows = document.querySelectorAll('#photo-form .photo-more');
      var last = rows[rows.length - 1];
      var copy = last.cloneNode(true);
      copy.querySelector('input').value = '';
      last.parentNode.insertBefore(copy, last.nextSibling);
    });
  }
  document.addEventListener('input', function (e) {
    var row = e.target.closest && e.target.closest('.read-field');
    if (row) { row.classList.add('confirmed'); }
  });
}());
