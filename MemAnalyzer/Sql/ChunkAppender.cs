using DuckDB.NET.Data;
using DuckDB.NET.Native;
using NativeAppender = DuckDB.NET.Native.DuckDBAppender;

namespace MemAnalyzer.Sql;

/// <summary>
/// Appends rows to a table a column at a time through DuckDB's C API: a data chunk of <see cref="Rows"/> rows whose
/// column vectors the caller fills directly (a block copy into <see cref="Unfilled{T}"/>, or <see cref="NextRow"/> and
/// one <see cref="Set{T}"/> per value; <see cref="SetNull"/> for the validity mask); a full chunk is appended as it fills. DuckDB.NET's row appender costs a managed
/// call chain per value; this costs a few native calls per 2,048 rows. The column types are the table's, so
/// <c>T</c> must match them (UBIGINT as ulong, BIGINT as long, INTEGER as int, UTINYINT as byte, BOOLEAN as bool; VARCHAR
/// through <see cref="SetString"/>).
/// </summary>
internal sealed unsafe class ChunkAppender : IDisposable
{
    /// <summary>The rows of one chunk: DuckDB's vector size.</summary>
    public const int Rows = 2048;

    private readonly NativeAppender _appender;
    private readonly DuckDBDataChunk _chunk;
    private readonly IntPtr[] _vectors;
    private readonly byte*[] _data;
    private readonly ulong*[] _validity;
    private int _count;
    private bool _closed;

    public ChunkAppender(DuckDBConnection connection, string table)
    {
        if (NativeMethods.Appender.DuckDBAppenderCreate(connection.NativeConnection, null, table, out _appender) != DuckDBState.Success)
        {
            var message = ErrorOf(_appender);
            _appender.Dispose();
            throw new InvalidOperationException($"DuckDB appender for {table}: {message}");
        }
        var count = (int)NativeMethods.Appender.DuckDBAppenderColumnCount(_appender);
        var types = new DuckDBLogicalType[count];
        var handles = new IntPtr[count];
        for (var c = 0; c < count; c++)
        {
            types[c] = NativeMethods.Appender.DuckDBAppenderColumnType(_appender, (ulong)c);
            handles[c] = types[c].DangerousGetHandle();
        }
        _chunk = NativeMethods.DataChunks.DuckDBCreateDataChunk(handles, (ulong)count);
        foreach (var type in types)
        {
            type.Dispose();
        }
        _vectors = new IntPtr[count];
        _data = new byte*[count];
        _validity = new ulong*[count];
        Reset();
    }

    /// <summary>The rows of the current chunk not yet filled.</summary>
    public int Free => Rows - _count;

    /// <summary>The next row of the current chunk (a full chunk is appended first); fill it with <see cref="Set{T}"/>.</summary>
    public int NextRow()
    {
        if (_count == Rows)
        {
            Flush();
        }
        return _count++;
    }

    /// <summary>Writes one value of a row of the current chunk.</summary>
    public void Set<T>(int column, int row, T value) where T : unmanaged => ((T*)_data[column])[row] = value;

    /// <summary>Writes one VARCHAR value of a row of the current chunk: UTF-8 bytes, copied by DuckDB (one native call).</summary>
    public void SetString(int column, int row, byte[] utf8)
    {
        fixed (byte* text = utf8)
        {
            NativeMethods.Vectors.DuckDBUnsafeVectorAssignStringElementLength(_vectors[column], (ulong)row, text, utf8.Length);
        }
    }

    /// <summary>The unfilled rows of a column of the current chunk, to fill in place and then <see cref="Advance"/>.</summary>
    public Span<T> Unfilled<T>(int column) where T : unmanaged => new((T*)_data[column] + _count, Rows - _count);

    /// <summary>Counts <paramref name="rows"/> more rows of the current chunk as filled (at most <see cref="Free"/>); a full chunk is appended.</summary>
    public void Advance(int rows)
    {
        _count += rows;
        if (_count == Rows)
        {
            Flush();
        }
    }

    /// <summary>Marks a row of a column of the current chunk NULL (the column's validity mask is made writable once per chunk).</summary>
    public void SetNull(int column, int row)
    {
        var validity = _validity[column];
        if (validity == null)
        {
            NativeMethods.Vectors.DuckDBVectorEnsureValidityWritable(_vectors[column]);
            validity = (ulong*)NativeMethods.Vectors.DuckDBVectorGetValidity(_vectors[column]);
            _validity[column] = validity;
        }
        validity[row >> 6] &= ~(1UL << (row & 63));
    }

    /// <summary>Appends the filled rows of the current chunk and starts an empty one.</summary>
    public void Flush()
    {
        if (_count == 0)
        {
            return;
        }
        NativeMethods.DataChunks.DuckDBDataChunkSetSize(_chunk, (ulong)_count);
        if (NativeMethods.Appender.DuckDBAppendDataChunk(_appender, _chunk) != DuckDBState.Success)
        {
            throw new InvalidOperationException($"DuckDB appender: {ErrorOf(_appender)}");
        }
        Reset();
    }

    // A reset chunk may hand out other buffers and has every row valid again.
    private void Reset()
    {
        NativeMethods.DataChunks.DuckDBDataChunkReset(_chunk);
        for (var c = 0; c < _vectors.Length; c++)
        {
            _vectors[c] = NativeMethods.DataChunks.DuckDBDataChunkGetVector(_chunk, c);
            _data[c] = (byte*)NativeMethods.Vectors.DuckDBVectorGetData(_vectors[c]);
            _validity[c] = null;
        }
        _count = 0;
    }

    public void Dispose()
    {
        if (_closed)
        {
            return;
        }
        _closed = true;
        try
        {
            Flush();
            if (NativeMethods.Appender.DuckDBAppenderClose(_appender) != DuckDBState.Success)
            {
                throw new InvalidOperationException($"DuckDB appender: {ErrorOf(_appender)}");
            }
        }
        finally
        {
            _chunk.Dispose();
            _appender.Dispose();
        }
    }

    private static string ErrorOf(NativeAppender appender)
    {
        using var error = NativeMethods.Appender.DuckDBAppenderErrorData(appender);
        return NativeMethods.ErrorData.DuckDBErrorDataMessage(error);
    }
}
