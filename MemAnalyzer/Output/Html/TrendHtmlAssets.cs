namespace MemAnalyzer.Output;

/// <summary>
/// The trend report's style sheet and its one inline script. The script only enhances charts that are complete
/// without it: a readout that follows the mouse (replacing the browser's tooltip), legend entries that hide and show
/// a series (stacked areas close up), and the page address's fragment: <c>#hide=&lt;label&gt;&amp;hide=...</c> hides
/// series, <c>#at=&lt;n&gt;</c> pins the readout at iteration n, so a view can be shared as a link.
/// </summary>
public static class TrendHtmlAssets
{
    public const string Style = """
        .small { display: inline-block; margin: 8px; vertical-align: top; } .small p { margin: 2px; font-size: 12px; max-width: 300px; overflow-wrap: anywhere; }
        figure.chart-figure { position: relative; display: inline-block; margin: 8px 8px 16px 0; vertical-align: top; }
        svg text { font-size: 11px; fill: #555; } svg .axis-title { font-weight: 600; fill: #333; }
        svg .plot { fill: #fafafa; stroke: #bbb; } svg .gridline { stroke: #dedede; stroke-width: 1; }
        svg .area { stroke: #fff; stroke-width: 0.5; } svg .series { pointer-events: none; }
        svg .guide { stroke: #333; stroke-dasharray: 3 3; pointer-events: none; }
        .legend { list-style: none; padding: 0; margin: 2px 0 0 84px; font-size: 12px; display: flex; flex-wrap: wrap; gap: 4px 14px; max-width: 680px; }
        .legend li { cursor: pointer; user-select: none; } .legend li.off { opacity: 0.4; text-decoration: line-through; }
        .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 5px; border-radius: 2px; }
        .readout { position: absolute; top: 14px; background: rgba(255,255,255,0.95); border: 1px solid #999; border-radius: 4px;
          padding: 4px 8px; font-size: 12px; pointer-events: none; white-space: nowrap; box-shadow: 0 1px 4px rgba(0,0,0,.2); }
        """;

    public const string Script = """
        (function () {
          'use strict';
          var hash = new URLSearchParams(location.hash.slice(1));
          var hide = hash.getAll('hide');
          var at = parseInt(hash.get('at') || '', 10);
          document.querySelectorAll('figure.chart-figure').forEach(function (figure) {
            var svg = figure.querySelector('svg.chart');
            var readout = figure.querySelector('.readout');
            var guide = svg.querySelector('.guide');
            var iterations = JSON.parse(figure.dataset.iterations);
            var d = svg.dataset, n = iterations.length;
            var left = +d.left, top = +d.top, width = +d.plotWidth, height = +d.plotHeight, min = +d.min, max = +d.max;
            function x(i) { return left + (n <= 1 ? width / 2 : i * width / (n - 1)); }
            function y(v) { return top + height * (1 - (v - min) / (max - min)); }
            var series = Array.prototype.map.call(svg.querySelectorAll('.series'), function (el) {
              return { el: el, label: el.dataset.label, color: el.dataset.color, values: JSON.parse(el.dataset.values), area: el.classList.contains('area'), hidden: false };
            });
            function restack() {
              var base = iterations.map(function () { return 0; });
              series.forEach(function (s) {
                s.el.style.display = s.hidden ? 'none' : '';
                if (!s.area || s.hidden) { return; }
                var tops = [], bottoms = [];
                for (var i = 0; i < n; i++) {
                  var v = s.values[i] || 0;
                  tops.push(x(i).toFixed(1) + ',' + y(base[i] + v).toFixed(1));
                  bottoms.unshift(x(i).toFixed(1) + ',' + y(base[i]).toFixed(1));
                  base[i] += v;
                }
                s.el.setAttribute('points', tops.concat(bottoms).join(' '));
              });
            }
            function show(i) {
              readout.textContent = '';
              var head = document.createElement('b');
              head.textContent = (i + 1) + ': ' + iterations[i];
              readout.appendChild(head);
              series.forEach(function (s) {
                if (s.hidden) { return; }
                var row = document.createElement('div');
                row.className = 'readout-row';
                row.dataset.label = s.label;
                var swatch = document.createElement('span');
                swatch.className = 'swatch';
                swatch.style.background = s.color;
                row.appendChild(swatch);
                var v = s.values[i];
                row.appendChild(document.createTextNode(s.label + ': ' + (v === null ? 'not in this iteration' : v.toLocaleString('en-US') + ' bytes')));
                readout.appendChild(row);
              });
              readout.hidden = false;
              readout.dataset.iteration = String(i + 1);
              var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width || 1;
              var px = x(i) * scale;
              readout.style.left = (px + 12 + readout.offsetWidth > svg.getBoundingClientRect().width ? px - 12 - readout.offsetWidth : px + 12) + 'px';
              guide.setAttribute('x1', x(i));
              guide.setAttribute('x2', x(i));
              guide.setAttribute('visibility', 'visible');
            }
            svg.querySelectorAll('.band').forEach(function (band) {
              var title = band.querySelector('title');
              if (title) { band.removeChild(title); }
              band.addEventListener('mouseenter', function () { show(+band.dataset.i); });
            });
            svg.addEventListener('mouseleave', function () {
              readout.hidden = true;
              guide.setAttribute('visibility', 'hidden');
            });
            figure.querySelectorAll('.legend li').forEach(function (item) {
              var s = series[+item.dataset.series];
              item.setAttribute('role', 'button');
              item.setAttribute('aria-pressed', 'false');
              item.tabIndex = 0;
              function toggle() {
                s.hidden = !s.hidden;
                item.classList.toggle('off', s.hidden);
                item.setAttribute('aria-pressed', String(s.hidden));
                restack();
              }
              item.addEventListener('click', toggle);
              item.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
              if (hide.indexOf(s.label) >= 0) { toggle(); }
            });
            readout.dataset.wired = 'true';
            if (at >= 1 && at <= n) { show(at - 1); }
          });
        })();
        """;
}
