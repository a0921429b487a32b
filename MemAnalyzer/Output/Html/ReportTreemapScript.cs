namespace MemAnalyzer.Output;

/// <summary>
/// The treemap comes alive: a readout follows the mouse (in place of the browser's tooltip), and a click on a rectangle
/// with nested ones zooms into it (its own layer, laid out over the whole map); the bar above the map leads back.
/// </summary>
public static class ReportTreemapScript
{
    public const string Script = """
        (function () {
          'use strict';
          document.querySelectorAll('.treemap-box').forEach(function (box) {
            var svg = box.querySelector('svg.treemap');
            var bar = box.querySelector('.treemap-bar');
            var readout = document.createElement('div');
            readout.className = 'tm-readout';
            readout.hidden = true;
            box.appendChild(readout);
            var main = svg.querySelector('.layer.main');
            var back = document.createElement('button');
            back.type = 'button';
            back.textContent = '← Back to the whole map';
            back.hidden = true;
            var where = document.createElement('span');
            bar.textContent = 'Click a rectangle with rectangles inside to zoom in. ';
            bar.appendChild(back);
            bar.appendChild(where);
            function zoom(i) {
              svg.querySelectorAll('.layer').forEach(function (l) { l.setAttribute('display', 'none'); });
              var layer = i === null ? main : svg.querySelector('.layer.zoom[data-of="' + i + '"]');
              layer.setAttribute('display', 'inline');
              back.hidden = i === null;
              where.textContent = i === null ? '' : ' ' + layer.querySelector('g.tm').dataset.tip.split('\n')[0];
              svg.dataset.zoomed = i === null ? '' : String(i);
              readout.hidden = true;
            }
            svg.querySelectorAll('g.tm').forEach(function (g) {
              var title = g.querySelector('title');
              g.dataset.tip = title ? title.textContent : '';
              if (title) { title.parentNode.removeChild(title); }
              g.addEventListener('mousemove', function (e) {
                e.stopPropagation();
                readout.textContent = g.dataset.tip;
                readout.hidden = false;
                var r = box.getBoundingClientRect();
                var x = e.clientX - r.left + 14, y = e.clientY - r.top + 14;
                if (x + readout.offsetWidth > r.width) { x = Math.max(0, x - readout.offsetWidth - 28); }
                readout.style.left = x + 'px';
                readout.style.top = y + 'px';
              });
              if (g.dataset.zoom !== undefined) {
                g.addEventListener('click', function () { zoom(g.dataset.zoom); });
              }
            });
            svg.addEventListener('mouseleave', function () { readout.hidden = true; });
            back.addEventListener('click', function () { zoom(null); });
            svg.dataset.wired = 'true';
          });
        })();
        """;
}
