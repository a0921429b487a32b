namespace MemAnalyzer.Output;

/// <summary>How a column of a page's table shows its cells and sorts them.</summary>
public enum HtmlColumnKind
{
    /// <summary>Text, sorted A to Z first; the filter box searches these columns.</summary>
    Text,

    /// <summary>A whole number, right-aligned with separators, sorted largest first.</summary>
    Number,

    /// <summary>A signed change: growth red, shrinking green.</summary>
    Delta,
}

/// <summary>One column of a page's table.</summary>
public sealed record HtmlColumn(string Header, HtmlColumnKind Kind)
{
    public static HtmlColumn Text(string header) => new(header, HtmlColumnKind.Text);

    public static HtmlColumn Number(string header) => new(header, HtmlColumnKind.Number);

    public static HtmlColumn Delta(string header) => new(header, HtmlColumnKind.Delta);
}
