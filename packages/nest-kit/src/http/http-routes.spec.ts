import { Controller, Delete, Get, Module, Post, RequestMethod } from '@nestjs/common';
import { httpRoutesOf } from './http-routes.js';

@Controller('things')
class ThingsController {
  @Get()
  list() {}

  @Post(':id/archive')
  archive() {}
}

class BaseController {
  @Get('inherited')
  inherited() {}
}

@Controller()
class RootController extends BaseController {
  @Get('health')
  health() {}

  @Delete(['a', 'b'])
  remove() {}
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

@Module({})
class AppModule {}

describe('httpRoutesOf', () => {
  it('lists the routes of every controller reachable through static and dynamic imports, with the global prefix', () => {
    const root = { module: AppModule, imports: [ThingsModule, { module: AppModule, controllers: [RootController] }] };
    const sut = httpRoutesOf(root, { prefix: 'api', exclude: [{ path: 'health', method: RequestMethod.GET }] });
    expect(sut).toEqual([
      'DELETE /api/a',
      'DELETE /api/b',
      'GET /api/inherited',
      'GET /api/things',
      'GET /health',
      'POST /api/things/:id/archive',
    ]);
  });
});
