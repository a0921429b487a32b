using System.Globalization;
using System.Text;

namespace MemAnalyzer.Output;

/// <summary>Makes any string value printable on one line: control characters and lone surrogates are escaped.</summary>
public static class StringText
{
    /// <summary>Console values are cut to this many characters, then "..." follows.</summary>
    public const int ConsoleChars = 50;

    /// <summary>CSV values are cut to this many characters, then "..." follows.</summary>
    public const int CsvChars = 4096;

    /// <param name="isCut">The value is already only the beginning of a longer string.</param>
    public static string Escape(string value, int maxChars, bool isCut = false)
    {
        var text = new StringBuilder(Math.Min(value.Length, maxChars) + 8);
        for (var i = 0; i < value.Length && text.Length <= maxChars; i++)
        {
            var c = value[i];
            if (char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
            {
                text.Append(c).Append(value[++i]);
                continue;
            }
            switch (c)
            {
                case '\r': text.Append("\\r"); break;
                case '\n': text.Append("\\n"); break;
                case '\t': text.Append("\\t"); break;
                case '\0': text.Append("\\0"); break;
                case var _ when char.IsControl(c) || char.IsSurrogate(c):
                    text.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
                    break;
                default: text.Append(c); break;
            }
        }
        if (text.Length > maxChars)
        {
            // Never split a surrogate pair: half of one is not printable.
            var cut = char.IsHighSurrogate(text[maxChars - 1]) ? maxChars - 1 : maxChars;
            return text.ToString(0, cut) + "...";
        }
        return isCut ? text + "..." : text.ToString();
    }
}
