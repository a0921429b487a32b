namespace MemAnalyzer.Output;

/// <summary>The analysis page's style sheet (after <see cref="HtmlLook.BaseStyle"/>) and its script: the table's and the treemap's parts joined.</summary>
public static class ReportPageAssets
{
    public const string Style = """
        h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 2px solid #1f77b4; padding-bottom: 3px; }
        h3 { font-size: 15px; margin: 18px 0 6px; } .note { color: #555; font-size: 13px; max-width: 900px; }
        .warnings { background: #fff4e5; border: 1px solid #f0a030; border-left: 6px solid #e07b00; padding: 8px 14px; margin: 10px 0; max-width: 960px; }
        .warnings ul { margin: 4px 0 0; padding-left: 20px; } .warnings li { margin: 2px 0; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; font-size: 14px; margin: 10px 0; max-width: 1000px; }
        dl.facts dt { color: #666; } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        code.command { background: #f3f3f3; padding: 1px 5px; border-radius: 3px; font-size: 12px; }
        nav { margin: 10px 0; font-size: 14px; } nav a { color: #1f5fa0; }
        footer { margin-top: 32px; color: #888; font-size: 12px; }
        th { text-align: left; background: #f4f6f8; position: sticky; top: 0; white-space: nowrap; }
        table.sortable th { cursor: pointer; user-select: none; } table.sortable th[aria-sort=descending]::after { content: " ▼"; }
        table.sortable th[aria-sort=ascending]::after { content: " ▲"; } table.sortable th[data-kind=number], table.sortable th[data-kind=delta] { text-align: right; }
        td.grow { color: #c62828; font-weight: 600; } td.shrink { color: #2e7d32; } tr.grown td:first-child { border-left: 3px solid #c62828; }
        td { overflow-wrap: anywhere; } td.n { white-space: nowrap; }
        .table-box { margin: 8px 0; } input.filter { width: 420px; padding: 4px 8px; margin-bottom: 6px; font-size: 13px; }
        p.more { font-size: 13px; color: #555; }
        svg.treemap { max-width: 100%; height: auto; display: block; border: 1px solid #ccc; background: #fff; }
        svg.treemap text { font-size: 11px; fill: #111; pointer-events: none; } svg.treemap .level0 > text { font-weight: 600; }
        svg.treemap rect { stroke: #fff; stroke-width: 1; } svg.treemap g.tm[data-zoom] { cursor: zoom-in; }
        svg.treemap g.tm:hover > rect { stroke: #222; stroke-width: 2; }
        .treemap-box { position: relative; max-width: 1000px; } .treemap-bar { font-size: 13px; margin: 4px 0; min-height: 22px; }
        .tm-readout { position: absolute; background: rgba(255,255,255,0.96); border: 1px solid #999; border-radius: 4px; padding: 4px 8px;
          font-size: 12px; pointer-events: none; white-space: pre; box-shadow: 0 1px 4px rgba(0,0,0,.2); z-index: 2; }
        .bar { display: flex; height: 28px; max-width: 1000px; border: 1px solid #bbb; } .bar div { height: 100%; }
        .legend { list-style: none; padding: 0; margin: 6px 0; font-size: 12px; display: flex; flex-wrap: wrap; gap: 4px 16px; }
        .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 5px; border-radius: 2px; }
        .suspect { border: 1px solid #ddd; border-left: 5px solid #e15759; padding: 6px 14px; margin: 10px 0; max-width: 1100px; }
        .suspect h3 { margin: 4px 0; } .suspect .share { color: #c62828; font-weight: 700; }
        ol.path { font-family: ui-monospace, monospace; font-size: 12px; margin: 4px 0; padding-left: 28px; } ol.path li { margin: 1px 0; overflow-wrap: anywhere; }
        ol.path li.sub-path { background: #fff1c1; border-left: 4px solid #f28e2b; padding-left: 4px; }
        ol.path .verdict { font-family: system-ui, sans-serif; font-size: 11px; color: #888; margin-left: 8px; }
        ol.path li.not-leaking .verdict { color: #2e7d32; } ol.path li.leaking .verdict { color: #c62828; font-weight: 700; }
        """;

    public static string Script => ReportTableScript.Script + "\n" + ReportTreemapScript.Script;
}
