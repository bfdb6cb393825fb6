// rijndael_key_ram (ECP5): a round-key column in DP16KD block RAM, output register on; port A writes,
// port B reads. Same port list, latency (2) and reset as the behavioural rtl/common/rijndael_key_ram.sv.
//
// WIDTH <= 36 and ROWS <= 512 (WIDE): one DP16KD in its 36-bit pseudo-dual-port mode (512 x 36: the write
// on port A with the data over DIA/DIB, the row on address bits AD13..AD5 and AD3..AD0 the byte enables;
// the read on port B, the data over DOA/DOB; the pin use of Yosys' own PDPW16KD mapping), both output
// registers on. Otherwise one DP16KD per 18 bits of WIDTH (1K x 18 per port: the row on address bits
// AD7..AD4, AD1..AD0 the write's byte enables, both on). The output register (REGMODE = "OUTREG") gives the
// read a ~1 ns clock-to-output where Yosys' inferred RAM (no output register) has 5.6 ns. The read side's
// reset zeroes both read stages synchronously, as the behavioural model's rst_ni does.
module rijndael_key_ram #(
  parameter int WIDTH = 64,
  parameter int ROWS  = 15   // 2 or more
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             write_i,
  input  logic [$clog2(ROWS)-1:0] write_row_i,
  input  logic [WIDTH-1:0] write_data_i,
  input  logic [$clog2(ROWS)-1:0] read_row_i,
  output logic [WIDTH-1:0] read_data_o
);
  localparam int RW    = $clog2(ROWS);
  localparam bit WIDE  = WIDTH <= 36 && RW <= 9;

  if (RW > 10) begin : g_check_rows
    ERROR_rijndael_key_ram_ROWS_above_1024 u_error ();
  end

  if (WIDE) begin : g_wide
    logic [35:0] din, dout;
    logic [13:0] write_pins, read_pins;
    assign din         = 36'(write_data_i);
    assign write_pins  = {(9-RW)'(0), write_row_i, 5'b01111};  // AD3..AD0: all four byte enables
    assign read_pins   = {(9-RW)'(0), read_row_i, 5'b00000};
    assign read_data_o = dout[WIDTH-1:0];
    logic unused_read;  // the bits past WIDTH
    assign unused_read = ^dout;
    DP16KD #(
      .DATA_WIDTH_A(36), .DATA_WIDTH_B(36),
      .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
      .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
      .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
      .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
      .GSR("DISABLED")
    ) u_ram (
      .CLKA(clk_i), .CEA(write_i), .OCEA(1'b1), .RSTA(!rst_ni), .WEA(1'b1),
      .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
      .ADA13(write_pins[13]), .ADA12(write_pins[12]), .ADA11(write_pins[11]), .ADA10(write_pins[10]), .ADA9(write_pins[9]), .ADA8(write_pins[8]),
      .ADA7(write_pins[7]), .ADA6(write_pins[6]), .ADA5(write_pins[5]), .ADA4(write_pins[4]), .ADA3(write_pins[3]), .ADA2(write_pins[2]),
      .ADA1(write_pins[1]), .ADA0(write_pins[0]),
      .DIA17(din[17]), .DIA16(din[16]), .DIA15(din[15]), .DIA14(din[14]), .DIA13(din[13]), .DIA12(din[12]),
      .DIA11(din[11]), .DIA10(din[10]), .DIA9(din[9]), .DIA8(din[8]), .DIA7(din[7]), .DIA6(din[6]),
      .DIA5(din[5]), .DIA4(din[4]), .DIA3(din[3]), .DIA2(din[2]), .DIA1(din[1]), .DIA0(din[0]),
      .DOA17(dout[17]), .DOA16(dout[16]), .DOA15(dout[15]), .DOA14(dout[14]), .DOA13(dout[13]), .DOA12(dout[12]),
      .DOA11(dout[11]), .DOA10(dout[10]), .DOA9(dout[9]), .DOA8(dout[8]), .DOA7(dout[7]), .DOA6(dout[6]),
      .DOA5(dout[5]), .DOA4(dout[4]), .DOA3(dout[3]), .DOA2(dout[2]), .DOA1(dout[1]), .DOA0(dout[0]),
      .CLKB(clk_i), .CEB(1'b1), .OCEB(1'b1), .RSTB(!rst_ni), .WEB(1'b0),
      .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
      .ADB13(read_pins[13]), .ADB12(read_pins[12]), .ADB11(read_pins[11]), .ADB10(read_pins[10]), .ADB9(read_pins[9]), .ADB8(read_pins[8]),
      .ADB7(read_pins[7]), .ADB6(read_pins[6]), .ADB5(read_pins[5]), .ADB4(read_pins[4]), .ADB3(read_pins[3]), .ADB2(read_pins[2]),
      .ADB1(read_pins[1]), .ADB0(read_pins[0]),
      .DIB17(din[35]), .DIB16(din[34]), .DIB15(din[33]), .DIB14(din[32]), .DIB13(din[31]), .DIB12(din[30]),
      .DIB11(din[29]), .DIB10(din[28]), .DIB9(din[27]), .DIB8(din[26]), .DIB7(din[25]), .DIB6(din[24]),
      .DIB5(din[23]), .DIB4(din[22]), .DIB3(din[21]), .DIB2(din[20]), .DIB1(din[19]), .DIB0(din[18]),
      .DOB17(dout[35]), .DOB16(dout[34]), .DOB15(dout[33]), .DOB14(dout[32]), .DOB13(dout[31]), .DOB12(dout[30]),
      .DOB11(dout[29]), .DOB10(dout[28]), .DOB9(dout[27]), .DOB8(dout[26]), .DOB7(dout[25]), .DOB6(dout[24]),
      .DOB5(dout[23]), .DOB4(dout[22]), .DOB3(dout[21]), .DOB2(dout[20]), .DOB1(dout[19]), .DOB0(dout[18])
    );
  end else begin : g_lanes
    localparam int LANES = (WIDTH + 17) / 18;
    logic [18*LANES-1:0] write_data, read_data;
    logic [13:0]         write_pins, read_pins;
    assign write_data  = (18*LANES)'(write_data_i);
    assign write_pins  = {(10-RW)'(0), write_row_i, 4'b0011};  // AD1..AD0: both byte enables
    assign read_pins   = {(10-RW)'(0), read_row_i, 4'b0000};
    assign read_data_o = read_data[WIDTH-1:0];
    logic unused_read;  // the top lane's bits past WIDTH
    assign unused_read = ^read_data;

    for (genvar l = 0; l < LANES; l++) begin : g_lane
      logic [17:0] din, dout;
      assign din = write_data[18*l +: 18];
      assign read_data[18*l +: 18] = dout;
      DP16KD #(
        .DATA_WIDTH_A(18), .DATA_WIDTH_B(18),
        .REGMODE_A("NOREG"), .REGMODE_B("OUTREG"),
        .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
        .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
        .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
        .GSR("DISABLED")
      ) u_ram (
        .CLKA(clk_i), .CEA(1'b1), .OCEA(1'b1), .RSTA(1'b0), .WEA(write_i),
        .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
        .ADA13(write_pins[13]), .ADA12(write_pins[12]), .ADA11(write_pins[11]), .ADA10(write_pins[10]), .ADA9(write_pins[9]), .ADA8(write_pins[8]),
        .ADA7(write_pins[7]), .ADA6(write_pins[6]), .ADA5(write_pins[5]), .ADA4(write_pins[4]), .ADA3(write_pins[3]), .ADA2(write_pins[2]),
        .ADA1(write_pins[1]), .ADA0(write_pins[0]),
        .DIA17(din[17]), .DIA16(din[16]), .DIA15(din[15]), .DIA14(din[14]), .DIA13(din[13]), .DIA12(din[12]),
        .DIA11(din[11]), .DIA10(din[10]), .DIA9(din[9]), .DIA8(din[8]), .DIA7(din[7]), .DIA6(din[6]),
        .DIA5(din[5]), .DIA4(din[4]), .DIA3(din[3]), .DIA2(din[2]), .DIA1(din[1]), .DIA0(din[0]),
        .DOA17(), .DOA16(), .DOA15(), .DOA14(), .DOA13(), .DOA12(),
        .DOA11(), .DOA10(), .DOA9(), .DOA8(), .DOA7(), .DOA6(),
        .DOA5(), .DOA4(), .DOA3(), .DOA2(), .DOA1(), .DOA0(),
        .CLKB(clk_i), .CEB(1'b1), .OCEB(1'b1), .RSTB(!rst_ni), .WEB(1'b0),
        .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
        .ADB13(read_pins[13]), .ADB12(read_pins[12]), .ADB11(read_pins[11]), .ADB10(read_pins[10]), .ADB9(read_pins[9]), .ADB8(read_pins[8]),
        .ADB7(read_pins[7]), .ADB6(read_pins[6]), .ADB5(read_pins[5]), .ADB4(read_pins[4]), .ADB3(read_pins[3]), .ADB2(read_pins[2]),
        .ADB1(read_pins[1]), .ADB0(read_pins[0]),
        .DIB17(1'b0), .DIB16(1'b0), .DIB15(1'b0), .DIB14(1'b0), .DIB13(1'b0), .DIB12(1'b0),
        .DIB11(1'b0), .DIB10(1'b0), .DIB9(1'b0), .DIB8(1'b0), .DIB7(1'b0), .DIB6(1'b0),
        .DIB5(1'b0), .DIB4(1'b0), .DIB3(1'b0), .DIB2(1'b0), .DIB1(1'b0), .DIB0(1'b0),
        .DOB17(dout[17]), .DOB16(dout[16]), .DOB15(dout[15]), .DOB14(dout[14]), .DOB13(dout[13]), .DOB12(dout[12]),
        .DOB11(dout[11]), .DOB10(dout[10]), .DOB9(dout[9]), .DOB8(dout[8]), .DOB7(dout[7]), .DOB6(dout[6]),
        .DOB5(dout[5]), .DOB4(dout[4]), .DOB3(dout[3]), .DOB2(dout[2]), .DOB1(dout[1]), .DOB0(dout[0])
      );
    end
  end
endmodule
