using MemAnalyzer.Output;
using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Views;

/// <summary>
/// The single-target CSV schema; the first column's name carries the unit, as in the original. With -retained a
/// Retained&lt;Unit&gt; column stands before Type, so a file tracked with it never takes rows without it. Selection is
/// last: a file written before it existed has other columns, so runs that record it are not appended to it.
/// </summary>
public sealed class TypeCsvRowMap : CsvSchema<TypeTableRow>
{
    public TypeCsvRowMap(SizeUnit unit, bool retained = false)
    {
        Column(TrackingColumns.Allocated(unit), r => r.Allocated);
        Column(TrackingColumns.Instances, r => r.Instances);
        if (retained)
        {
            Column(TrackingColumns.Retained(unit), r => r.Retained);
        }
        Column(TrackingColumns.Type, r => r.Type);
        ContextColumns(r => r.Context);
        Column(SelectionText.Column, r => r.Selection);
    }
}

/// <summary>The diff CSV schema: the console diff's columns, in the same order.</summary>
public sealed class DiffCsvRowMap : CsvSchema<DiffTableRow>
{
    public DiffCsvRowMap(SizeUnit unit, bool retained = false)
    {
        var header = DiffRenderer.Header(unit, retained);
        Column(header[0], r => unit.Text(r.Delta, thousands: false));
        Column(header[1], r => r.DeltaInstances);
        Column(header[2], r => r.Instances);
        Column(header[3], r => r.Instances2);
        Column(header[4], r => unit.Text(r.Allocated, thousands: false));
        Column(header[5], r => unit.Text(r.Allocated2, thousands: false));
        Column(header[6], r => r.AvgSize);
        Column(header[7], r => r.AvgSize2);
        if (retained)
        {
            Column(header[8], r => r.Retained is { } v ? unit.Text(v, thousands: false) : "");
            Column(header[9], r => r.Retained2 is { } v ? unit.Text(v, thousands: false) : "");
            Column(header[10], r => r.DeltaRetained is { } v ? unit.Text(v, thousands: false) : "");
        }
        Column(header[^1], r => r.Type);
    }
}
