namespace MemAnalyzer.Output;

/// <summary>
/// The page's tables come alive: a click on a header sorts by that column (numbers largest first, a second click turns
/// it), the filter box keeps the rows whose text contains what is typed, and rows past the first ones are drawn on demand
/// from the table's JSON block. The markup's rows stay as they are until the reader acts. The page address's fragment
/// sets a view to share as a link: <c>#sort=types.2</c> sorts the table "types" by its third column (largest first;
/// <c>types.2.asc</c> the other way), <c>#filter=types.Leaks</c> filters it.
/// </summary>
public static class ReportTableScript
{
    public const string Script = """
        (function () {
          'use strict';
          var STEP = 1000;
          var hash = new URLSearchParams(location.hash.slice(1));
          function asked(name, id) {
            var found = null;
            hash.getAll(name).forEach(function (v) { if (v.indexOf(id + '.') === 0) { found = v.slice(id.length + 1); } });
            return found;
          }
          function fmt(v) { return v === null ? '' : v.toLocaleString('en-US'); }
          document.querySelectorAll('.table-box').forEach(function (box) {
            var table = box.querySelector('table.sortable');
            var data = JSON.parse(box.querySelector('script.table-data').textContent);
            var heads = Array.prototype.slice.call(table.querySelectorAll('thead th'));
            var kinds = heads.map(function (th) { return th.dataset.kind; });
            var texts = kinds.map(function (k, i) { return k === 'text' ? i : -1; }).filter(function (i) { return i >= 0; });
            var input = box.querySelector('input.filter');
            var count = box.querySelector('.count');
            var more = box.querySelector('.show-more'), all = box.querySelector('.show-all');
            var state = { col: -1, dir: 1, filter: '', shown: table.tBodies[0].rows.length };
            var noun = input.getAttribute('aria-label').replace(/^Filter /, '');
            function cell(row, i) {
              var td = document.createElement('td'), v = row[i];
              if (kinds[i] === 'text') {
                var href = data.links[v];
                if (href) { var a = document.createElement('a'); a.href = '#' + href; a.textContent = v; td.appendChild(a); } else { td.textContent = v; }
                return td;
              }
              td.className = 'n';
              if (kinds[i] === 'delta' && v !== null) {
                td.textContent = (v > 0 ? '+' : '') + fmt(v);
                if (v > 0) { td.className += ' grow'; } else if (v < 0) { td.className += ' shrink'; }
              } else { td.textContent = fmt(v); }
              return td;
            }
            function rows() {
              var f = state.filter.toLowerCase();
              var list = f === '' ? data.rows.slice() : data.rows.filter(function (r) {
                return texts.some(function (i) { return String(r[i]).toLowerCase().indexOf(f) >= 0; });
              });
              if (state.col >= 0) {
                var c = state.col, d = state.dir;
                list.sort(function (a, b) {
                  var x = a[c], y = b[c];
                  if (x === y) { return 0; }
                  if (x === null) { return 1; } if (y === null) { return -1; }
                  return (kinds[c] === 'text' ? String(x).localeCompare(String(y)) : x - y) * d;
                });
              }
              return list;
            }
            function render() {
              var list = rows();
              var body = document.createElement('tbody');
              var n = Math.min(state.shown, list.length);
              for (var r = 0; r < n; r++) {
                var tr = document.createElement('tr');
                for (var i = 0; i < kinds.length; i++) { tr.appendChild(cell(list[r], i)); }
                body.appendChild(tr);
              }
              table.replaceChild(body, table.tBodies[0]);
              var matching = list.length === data.rows.length ? '' : ' matching "' + state.filter + '" (of ' + fmt(data.rows.length) + ')';
              count.textContent = (n === list.length ? fmt(list.length) + ' ' + noun : 'The first ' + fmt(n) + ' of ' + fmt(list.length) + ' ' + noun) + matching;
              more.hidden = all.hidden = n >= list.length;
              more.textContent = 'Show ' + fmt(Math.min(STEP, list.length - n)) + ' more';
              table.dataset.shown = String(n);
            }
            heads.forEach(function (th, i) {
              th.tabIndex = 0;
              th.title = 'Sort by ' + th.textContent;
              function sort() {
                if (state.col === i) { state.dir = -state.dir; } else { state.col = i; state.dir = kinds[i] === 'text' ? 1 : -1; }
                heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
                th.setAttribute('aria-sort', state.dir > 0 ? 'ascending' : 'descending');
                render();
              }
              th.addEventListener('click', sort);
              th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
            });
            input.hidden = data.rows.length <= 20;
            input.addEventListener('input', function () { state.filter = input.value; state.shown = Math.max(state.shown, STEP); render(); });
            more.addEventListener('click', function () { state.shown += STEP; render(); });
            all.addEventListener('click', function () { state.shown = data.rows.length; render(); });
            more.hidden = all.hidden = state.shown >= data.rows.length;
            more.textContent = 'Show ' + fmt(Math.min(STEP, data.rows.length - state.shown)) + ' more';
            var sortAsked = asked('sort', table.id), filterAsked = asked('filter', table.id);
            if (filterAsked !== null) { input.value = filterAsked; state.filter = filterAsked; state.shown = Math.max(state.shown, STEP); }
            if (sortAsked !== null) {
              var parts = sortAsked.split('.'), col = parseInt(parts[0], 10);
              if (col >= 0 && col < heads.length) {
                state.col = col;
                state.dir = parts[1] === 'asc' ? 1 : parts[1] === 'desc' ? -1 : kinds[col] === 'text' ? 1 : -1;
                heads[col].setAttribute('aria-sort', state.dir > 0 ? 'ascending' : 'descending');
              }
            }
            if (sortAsked !== null || filterAsked !== null) { render(); }
            table.dataset.wired = 'true';
          });
        })();
        """;
}
